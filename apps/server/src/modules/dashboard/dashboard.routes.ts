import { ZCustomerSummary } from '@settle/shared/dashboard';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

export function dashboardRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/custSummary',
    {
      preHandler: requireSession,
      schema: {
        tags: ['dashboard'],
        summary: 'Open, overdue, coming-due and credit figures of the current customer and currency',
        response: { 200: ZCustomerSummary, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    (request) => services.dashboard.customerSummary(sessionOf(request)),
  );
}
