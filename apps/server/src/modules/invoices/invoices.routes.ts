import { ZCustNoParams } from '@settle/shared/accounts';
import { ZColumnPreferenceRequest, ZColumnPreferences } from '@settle/shared/columns';
import { ZErrorResponse } from '@settle/shared/errors';
import {
  ZInvoiceDetail,
  ZInvoiceDetailParams,
  ZInvoiceDetailQuery,
  ZInvoiceDetailTranParams,
  ZInvoiceListQuery,
  ZInvoiceListResponse,
  ZInvoiceOverdueSummary,
  ZInvoiceTotalsResponse,
} from '@settle/shared/invoices';
import { ZPromiseRequest, ZPromiseResponse } from '@settle/shared/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { ResponseCache } from '../grid-cache/response-cache';
import { INVOICE_COLUMNS, INVOICE_GRID } from './invoice-columns';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export function invoicesRoutes(
  app: FastifyInstance,
  { services, gridAnswers }: { services: Services; gridAnswers: ResponseCache },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  // A page asked again while its invoices, customer and cart are unchanged, within the quarter hour (see grid-cache).
  const pages = gridAnswers.forRoute((request) =>
    request.session
      ? services.invoices.listValidator(
          request.session,
          request.query as Parameters<Services['invoices']['listValidator']>[1],
        )
      : undefined,
  );

  routes.get(
    '/invoices',
    {
      config: { probeQueryCustNo: true },
      preHandler: [requireSession, pages.lookup],
      onSend: pages.store,
      schema: {
        tags,
        summary:
          'A page of invoices of one customer and currency, open or closed, with the totals of the filtered set',
        querystring: ZInvoiceListQuery,
        response: { 200: ZInvoiceListResponse, ...errors },
      },
    },
    (request) => services.invoices.list(sessionOf(request), request.query),
  );

  routes.get(
    '/invoices/totals',
    {
      config: { probeQueryCustNo: true },
      preHandler: requireSession,
      schema: {
        tags,
        summary:
          'The count and sums of the filtered set of a list of invoices (the same query as the list): the grid asks it beside a page asked with totals=separate',
        querystring: ZInvoiceListQuery,
        response: { 200: ZInvoiceTotalsResponse, ...errors },
      },
    },
    (request) => services.invoices.totals(sessionOf(request), request.query),
  );

  routes.get(
    '/invoices/detail/:invNo',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Invoice detail: header fields, line items, extended fields and maxAmount',
        params: ZInvoiceDetailParams,
        querystring: ZInvoiceDetailQuery,
        response: { 200: ZInvoiceDetail, ...errors },
      },
    },
    (request) => services.invoices.detail(sessionOf(request), { ...request.params, ...request.query }),
  );

  routes.get(
    '/invoices/detail/:invNo/:tranId',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Invoice detail of one transaction of an invoice number',
        params: ZInvoiceDetailTranParams,
        querystring: ZInvoiceDetailQuery,
        response: { 200: ZInvoiceDetail, ...errors },
      },
    },
    (request) => services.invoices.detail(sessionOf(request), { ...request.params, ...request.query }),
  );

  routes.put(
    '/invoices/promiseUnPromise',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Promise to pay (promised true, with nextFollowupDate) or remove a promise (promised false)',
        body: ZPromiseRequest,
        response: { 200: ZPromiseResponse, ...errors },
      },
    },
    (request) => services.promises.promiseUnPromise(sessionOf(request), request.body),
  );

  routes.get(
    '/invoices/overdue',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Overdue and coming-due figures of the current customer and currency',
        response: { 200: ZInvoiceOverdueSummary, ...errors },
      },
    },
    (request) => services.dashboard.overdueSummary(sessionOf(request)),
  );

  routes.get(
    '/invoices/pricollector/:custNo',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: "The customer's collector contact",
        params: ZCustNoParams,
        response: {
          200: z.object({ custNo: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
          ...errors,
        },
      },
    },
    (request) => services.accounts.collectorOf(sessionOf(request).userId, request.params.custNo),
  );

  routes.get(
    '/invoices/columns',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Invoice grid columns with the user preferences applied',
        response: { 200: ZColumnPreferences, ...errors },
      },
    },
    (request) => services.columnPreferences.get(sessionOf(request).userId, INVOICE_GRID, INVOICE_COLUMNS),
  );

  for (const method of ['post', 'put'] as const) {
    routes[method](
      '/invoices/columns',
      {
        preHandler: requireSession,
        schema: {
          tags,
          summary: 'Save the invoice grid column preferences (shown and order, or order and sort)',
          body: ZColumnPreferenceRequest,
          response: { 200: ZColumnPreferences, ...errors },
        },
      },
      (request) =>
        services.columnPreferences.save(
          sessionOf(request).userId,
          INVOICE_GRID,
          INVOICE_COLUMNS,
          request.body,
        ),
    );
  }

  routes.delete(
    '/invoices/columns',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Back to the default invoice grid columns',
        response: { 200: ZColumnPreferences, ...errors },
      },
    },
    (request) => services.columnPreferences.reset(sessionOf(request).userId, INVOICE_GRID, INVOICE_COLUMNS),
  );
}
