import { ZAging, ZCustomerSummary, ZDashboard, ZPromisesDue } from '@settle/shared/dashboard';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export function dashboardRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
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

  routes.get(
    '/dashboard',
    {
      preHandler: requireSession,
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's dashboard (a default one until the user saves one)",
        response: { 200: ZDashboard, ...errors },
      },
    },
    (request) => services.dashboard.getDashboard(sessionOf(request)),
  );

  routes.put(
    '/dashboard',
    {
      preHandler: requireSession,
      schema: {
        tags: ['dashboard'],
        summary: "Save the signed-in user's dashboard: title, layout, and the widgets of each column",
        body: ZDashboard,
        response: { 200: ZDashboard, ...errors },
      },
    },
    (request) => services.dashboard.saveDashboard(sessionOf(request), request.body),
  );

  routes.get(
    '/dashboard/aging',
    {
      preHandler: requireSession,
      schema: {
        tags: ['dashboard'],
        summary: 'Open items of the current customer and currency by days past due',
        response: { 200: ZAging, ...errors },
      },
    },
    (request) => services.dashboard.aging(sessionOf(request)),
  );

  routes.get(
    '/dashboard/promisesDue',
    {
      preHandler: requireSession,
      schema: {
        tags: ['dashboard'],
        summary: 'Promised open invoices of the current customer and currency, the nearest follow-up first',
        response: { 200: ZPromisesDue, ...errors },
      },
    },
    (request) => services.dashboard.promisesDue(sessionOf(request)),
  );
}
