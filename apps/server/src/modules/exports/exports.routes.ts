import { PassThrough } from 'node:stream';
import { ZErrorResponse } from '@settle/shared/errors';
import { ZInvoiceListQuery } from '@settle/shared/invoices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { createExportsService, type ExportsService, PDF_EXPORT_MAX_ROWS } from './exports.service';
import { renderInvoiceGridPdf } from './invoice-grid-pdf';
import { ExportAbortedError, writeInvoicesXlsx, XLSX_CONTENT_TYPE } from './invoice-xlsx';

export const ZInvoiceExportQuery = ZInvoiceListQuery.extend({
  scope: z
    .enum(['page', 'all'], { message: 'scope is page or all' })
    .default('page')
    .meta({ description: 'page: the rows of page/pageSize; all: every row that matches' }),
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

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
/** Binary bodies (a stream) are never serialized; the schema only documents them. */
const binary = (description: string) => z.any().meta({ description });
const TOTAL_HEADER = 'x-total-count';

export function exportsRoutes(
  app: FastifyInstance,
  deps: { services: Services; config: AppConfig; database: DatabaseHandle; exports?: ExportsService },
) {
  const exportsService = deps.exports ?? createExportsService(deps.database.db, deps.services.accounts);
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
      const prepared = await exportsService.prepare(sessionOf(request), request.query, 'xlsx');
      const body = new PassThrough();
      writeInvoicesXlsx(body, {
        columns: prepared.columns,
        currencyCode: prepared.currencyCode,
        batches: prepared.batches(),
      }).catch((error: unknown) => {
        // Headers are gone by now: the only honest signal left is a broken download.
        if (!(error instanceof ExportAbortedError)) request.log.error({ err: error }, 'Excel export failed');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${prepared.filename('xlsx')}"`)
        .header('cache-control', 'private, no-store')
        .header(TOTAL_HEADER, String(prepared.rowCount))
        .send(body);
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
    async (request, reply) => {
      const prepared = await exportsService.prepare(sessionOf(request), request.query, 'pdf');
      const { document } = await renderInvoiceGridPdf({
        columns: prepared.columns,
        currencyCode: prepared.currencyCode,
        batches: prepared.batches(),
        company: prepared.company,
        custNo: prepared.custNo,
        status: prepared.status,
        filter: prepared.filter,
        exportedOn: new Date().toISOString().slice(0, 10),
        sellerName: prepared.sellerName,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${prepared.filename('pdf')}"`)
        .header('cache-control', 'private, no-store')
        .header(TOTAL_HEADER, String(prepared.rowCount))
        .send(document);
    },
  );
}
