import { ZDisputeListQuery } from '@settle/shared/disputes';
import { ZErrorResponse } from '@settle/shared/errors';
import { ZInvoiceListQuery } from '@settle/shared/invoices';
import { PAYMENT_LOG_COLUMNS, ZPaymentLogListQuery } from '@settle/shared/payment-logs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { type ExportFile, PDF_EXPORT_MAX_ROWS } from './exports.service';
import { XLSX_CONTENT_TYPE } from './invoice-xlsx';

const ZExportScope = z
  .enum(['page', 'all'], { message: 'scope is page or all' })
  .default('page')
  .meta({ description: 'page: the rows of page/pageSize; all: every row that matches' });

export const ZDisputeExportQuery = ZDisputeListQuery.extend({
  scope: ZExportScope,
  columns: z
    .string()
    .max(1000)
    .optional()
    .meta({
      description:
        'Comma-separated dispute fields in the wanted order (probNo, invNo, invoiceDate, dueDate, originalAmount, ' +
        'disputedAmount, status, reasonDisplay, createdOn); defaults to the grid columns',
    }),
});

export const ZInvoiceExportQuery = ZInvoiceListQuery.extend({
  scope: ZExportScope,
  columns: z
    .string()
    .max(1000)
    .optional()
    .meta({
      description:
        'Comma-separated invoice fields in the wanted order; defaults to the grid columns invNo, invoiceDate, ' +
        'dueDate, amount, balance, disputeAmount, promise, poNumber',
    }),
});

export const ZPaymentLogExportQuery = ZPaymentLogListQuery.extend({
  scope: ZExportScope,
  columns: z
    .string()
    .max(1000)
    .optional()
    .meta({
      description: `Comma-separated payment log fields in the wanted order (${PAYMENT_LOG_COLUMNS.map((column) => column.field).join(', ')}); defaults to the grid's shown columns`,
    }),
});

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
/** Binary bodies (a stream) are never serialized; the schema only documents them. */
const binary = (description: string) => z.any().meta({ description });
const TOTAL_HEADER = 'x-total-count';

/** A download that no cache keeps, with its row count up front for progress. */
function sendExport(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .header(TOTAL_HEADER, String(file.rowCount))
    .send(file.body);
}

export function exportsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  routes.get(
    '/invoices/export/xlsx',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'The invoice grid as an Excel workbook, one page or every matching row, streamed',
        description:
          'Same query as GET /invoices plus scope and columns. The response is streamed without Content-Length; ' +
          'X-Total-Count gives the number of rows up front for progress.',
        querystring: ZInvoiceExportQuery,
        response: { 200: binary(`The workbook (${XLSX_CONTENT_TYPE})`), ...errors },
      },
    },
    async (request, reply) => {
      const file = await services.exports.xlsx(sessionOf(request), request.query, {
        onFailure: (error) => request.log.error({ err: error }, 'Excel export failed'),
      });
      return sendExport(reply, file);
    },
  );

  routes.get(
    '/invoices/export/pdf',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: `The invoice grid as a landscape PDF table with totals (at most ${PDF_EXPORT_MAX_ROWS} rows)`,
        description: `Same query as the Excel export. More than ${PDF_EXPORT_MAX_ROWS} rows answers 400 EXPORT_TOO_LARGE: use the Excel export.`,
        querystring: ZInvoiceExportQuery,
        response: { 200: binary('The table as application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(reply, await services.exports.pdf(sessionOf(request), request.query)),
  );

  routes.get(
    '/disputes/export/xlsx',
    {
      preHandler: requireSession,
      schema: {
        tags: ['disputes'],
        summary: 'The dispute grid as an Excel workbook, one page or every matching row, streamed',
        querystring: ZDisputeExportQuery,
        response: { 200: binary(`The workbook (${XLSX_CONTENT_TYPE})`), ...errors },
      },
    },
    async (request, reply) => {
      const file = await services.exports.disputesXlsx(sessionOf(request), request.query, {
        onFailure: (error) => request.log.error({ err: error }, 'Excel export failed'),
      });
      return sendExport(reply, file);
    },
  );

  routes.get(
    '/disputes/export/pdf',
    {
      preHandler: requireSession,
      schema: {
        tags: ['disputes'],
        summary: `The dispute grid as a landscape PDF table with totals (at most ${PDF_EXPORT_MAX_ROWS} rows)`,
        querystring: ZDisputeExportQuery,
        response: { 200: binary('The table as application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(reply, await services.exports.disputesPdf(sessionOf(request), request.query)),
  );

  routes.get(
    '/payment/logs/export/xlsx',
    {
      preHandler: requireSession,
      schema: {
        tags: ['payment logs'],
        summary: 'The payment log grid as an Excel workbook, one page or every matching row, streamed',
        querystring: ZPaymentLogExportQuery,
        response: { 200: binary(`The workbook (${XLSX_CONTENT_TYPE})`), ...errors },
      },
    },
    async (request, reply) => {
      const file = await services.exports.paymentLogsXlsx(sessionOf(request), request.query, {
        onFailure: (error) => request.log.error({ err: error }, 'Excel export failed'),
      });
      return sendExport(reply, file);
    },
  );

  routes.get(
    '/payment/logs/export/pdf',
    {
      preHandler: requireSession,
      schema: {
        tags: ['payment logs'],
        summary: `The payment log grid as a landscape PDF table with totals (at most ${PDF_EXPORT_MAX_ROWS} rows)`,
        querystring: ZPaymentLogExportQuery,
        response: { 200: binary('The table as application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(reply, await services.exports.paymentLogsPdf(sessionOf(request), request.query)),
  );
}
