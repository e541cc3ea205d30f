import { ZCustNo } from '@settle/shared/accounts';
import { ZActivityList } from '@settle/shared/activity';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export function activityRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/invoices/activity/:invNo',
    {
      preHandler: requireSession,
      schema: {
        tags: ['invoices'],
        summary: 'What happened to an invoice (promises, disputes, notes, attachments, cart), newest first',
        params: z.object({ invNo: z.string().min(1).max(60) }),
        querystring: z.object({
          custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
        }),
        response: { 200: ZActivityList, ...errors },
      },
    },
    (request) =>
      services.activity.listForInvoice(sessionOf(request), request.params.invNo, request.query.custNo),
  );
}
