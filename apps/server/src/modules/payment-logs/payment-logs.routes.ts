import { ZColumnPreferenceRequest, ZColumnPreferences } from '@settle/shared/columns';
import { ZErrorResponse } from '@settle/shared/errors';
import {
  PAYMENT_LOG_COLUMNS,
  ZPaymentLogActionParams,
  ZPaymentLogDetailQuery,
  ZPaymentLogListQuery,
  ZPaymentLogListResponse,
  ZPaymentLogTotalsResponse,
} from '@settle/shared/payment-logs';
import { ZPaymentSummary } from '@settle/shared/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { ResponseCache } from '../grid-cache/response-cache';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
export const PAYMENT_LOG_GRID = 'paymentLogs';

export function paymentLogsRoutes(
  app: FastifyInstance,
  { services, gridAnswers }: { services: Services; gridAnswers: ResponseCache },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment logs'];
  const pre = { preHandler: requireSession };
  // A page asked again while its payments are unchanged, within the quarter hour (see grid-cache).
  const pages = gridAnswers.forRoute((request) =>
    request.session
      ? services.paymentLogs.listValidator(
          request.session,
          request.query as { custNo?: string; currencyCode?: string },
        )
      : undefined,
  );

  routes.get(
    '/payment/logs',
    {
      config: { probeQueryCustNo: true },
      preHandler: [requireSession, pages.lookup],
      onSend: pages.store,
      schema: {
        tags,
        summary:
          "A page of a customer's payment log in one currency and date range (All, 30 days, 31 to 60 days, over 60 days)",
        querystring: ZPaymentLogListQuery,
        response: { 200: ZPaymentLogListResponse, ...errors },
      },
    },
    (request) => services.paymentLogs.list(sessionOf(request), request.query),
  );

  routes.get(
    '/payment/logs/totals',
    {
      config: { probeQueryCustNo: true },
      ...pre,
      schema: {
        tags,
        summary:
          'The count and sums of the filtered set of a payment log list (the same query): the grid asks it beside a page asked with totals=separate',
        querystring: ZPaymentLogListQuery,
        response: { 200: ZPaymentLogTotalsResponse, ...errors },
      },
    },
    (request) => services.paymentLogs.totals(sessionOf(request), request.query),
  );

  routes.get(
    '/payment/log/columns',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Payment log grid columns with the user preferences applied',
        response: { 200: ZColumnPreferences, ...errors },
      },
    },
    (request) =>
      services.columnPreferences.get(sessionOf(request).userId, PAYMENT_LOG_GRID, PAYMENT_LOG_COLUMNS),
  );
  for (const method of ['post', 'put'] as const) {
    routes[method](
      '/payment/log/columns',
      {
        ...pre,
        schema: {
          tags,
          summary: 'Save the payment log grid column preferences',
          body: ZColumnPreferenceRequest,
          response: { 200: ZColumnPreferences, ...errors },
        },
      },
      (request) =>
        services.columnPreferences.save(
          sessionOf(request).userId,
          PAYMENT_LOG_GRID,
          PAYMENT_LOG_COLUMNS,
          request.body,
        ),
    );
  }
  routes.delete(
    '/payment/log/columns',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Back to the default payment log grid columns',
        response: { 200: ZColumnPreferences, ...errors },
      },
    },
    (request) =>
      services.columnPreferences.reset(sessionOf(request).userId, PAYMENT_LOG_GRID, PAYMENT_LOG_COLUMNS),
  );

  // The specification's GET payment/log/{action}; the fixed paths above (columns, receiptPDF…) win.
  routes.get(
    '/payment/log/:action',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'action detail: one payment of the customer with its method type, fees, status, history and invoice lines (none on account)',
        params: ZPaymentLogActionParams,
        querystring: ZPaymentLogDetailQuery,
        response: { 200: ZPaymentSummary, ...errors },
      },
    },
    (request) => services.paymentLogs.detail(sessionOf(request), request.query),
  );
}
