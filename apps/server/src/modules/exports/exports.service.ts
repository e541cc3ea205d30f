import { PassThrough, type Readable } from 'node:stream';
import { calendarDateInZone } from '@settle/shared/calendar-date';
import type { TDisputeListQuery } from '@settle/shared/disputes';
import type { TInvoiceListQuery } from '@settle/shared/invoices';
import type { TPaymentLogListQuery } from '@settle/shared/payment-logs';
import { AppError } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import type { DisputesService } from '../disputes/disputes.service';
import {
  type DocumentReader,
  documentReader,
  documentTexts,
  type ExportGridName,
} from '../documents/document-texts';
import { DEFAULT_SELLER_NAME } from '../documents/documents.service';
import type { PdfDocument } from '../documents/pdf-layout';
import { EXPORT_BATCH_SIZE } from '../invoices/invoice-batches';
import { INVOICE_FIELDS } from '../invoices/invoice-fields';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PaymentLogsService } from '../payment-logs/payment-logs.service';
import { buildFilterWhere } from '../search/filter-helper';
import { disputeExportGrid } from './dispute-export-grid';
import { type ExportColumn, type ExportRow, INVOICE_EXPORT_GRID, parseExportColumns } from './export-columns';
import { renderInvoiceGridPdf } from './invoice-grid-pdf';
import { ExportAbortedError, writeInvoicesXlsx, XLSX_CONTENT_TYPE } from './invoice-xlsx';
import { PAYMENT_LOG_EXPORT_GRID } from './payment-log-export-grid';

/** A PDF keeps every page in memory until its page count is known; past this, Excel. */
export const PDF_EXPORT_MAX_ROWS = 5000;

export const ExportErrorCode = { EXPORT_TOO_LARGE: 'EXPORT_TOO_LARGE' } as const;

export type TInvoiceExportQuery = TInvoiceListQuery & { scope: 'page' | 'all'; columns?: string };

export type PreparedExport = {
  /** Whom the file is written for: its words and formats (the session's user). */
  reader: DocumentReader;
  grid: ExportGridName;
  currencyCode: string;
  filter?: string;
  columns: ExportColumn[];
  /** How many rows the export holds, known before the first row is written. */
  rowCount: number;
  sellerName: string;
  /** e.g. invoices-<custNo>-<currency>-<open|closed>.<extension> */
  filename: (extension: 'xlsx' | 'pdf') => string;
  /** The PDF's heading and footer and the workbook's sheet name, in the reader's language. */
  title: string;
  footer: string;
  sheetName: string;
  /** The rows in the grid's order, in batches; each call reads the database afresh. */
  batches: () => AsyncGenerator<ExportRow[]>;
};

/** A file ready to send: its body is still being written when the answer starts (Excel). */
export type ExportFile = {
  contentType: string;
  filename: string;
  /** How many rows the file holds, known before its first byte. */
  rowCount: number;
  body: Readable | PdfDocument;
};

export type ExportsService = ReturnType<typeof createExportsService>;

export type TDisputeExportQuery = TDisputeListQuery & { scope: 'page' | 'all'; columns?: string };
export type TPaymentLogExportQuery = TPaymentLogListQuery & { scope: 'page' | 'all'; columns?: string };

export function createExportsService(
  deps: {
    invoices: InvoicesService;
    accounts: AccountsService;
    disputes: DisputesService;
    paymentLogs: PaymentLogsService;
  },
  options: { batchSize?: number; sellerName?: string } = {},
) {
  const { invoices, accounts, disputes, paymentLogs } = deps;

  /**
   * Everything an export needs before its first byte: the customer scope, the columns,
   * the filter and the row count. Every refusal (unknown customer or column, bad filter,
   * a PDF too large) happens here, so that it is still a proper JSON error response.
   */
  async function prepare(
    session: SessionContext,
    query: TInvoiceExportQuery,
    format: 'xlsx' | 'pdf',
  ): Promise<PreparedExport> {
    const reader = documentReader(session.user);
    const texts = documentTexts(reader.language).exports;
    const columns = parseExportColumns(query.columns, INVOICE_EXPORT_GRID, texts);
    const { customer, currencyCode } = await resolveCustomerScope(accounts, session, query);
    const filter = buildFilterWhere(query.filter, INVOICE_FIELDS);
    const scope = { customerId: customer.id, currencyCode, status: query.status, userId: session.userId };
    const total = await invoices.count({ scope, filter });
    const offset = query.scope === 'page' ? (query.page - 1) * query.pageSize : 0;
    const rowCount = query.scope === 'page' ? Math.max(0, Math.min(query.pageSize, total - offset)) : total;
    refuseLargePdf(format, rowCount);
    const statusWord = query.status === 'O' ? 'open' : 'closed';
    // The page and the whole list are different files: their names must not collide in Downloads.
    const scopeWord = query.scope === 'page' ? `page-${query.page}` : 'all';
    const party = `${customer.company} (${customer.custNo})`;
    return {
      reader,
      grid: 'invoices',
      currencyCode,
      filter: query.filter,
      columns,
      rowCount,
      sellerName: options.sellerName ?? DEFAULT_SELLER_NAME,
      filename: (extension) =>
        `invoices-${customer.custNo}-${currencyCode}-${statusWord}-${scopeWord}.${extension}`,
      title: query.status === 'O' ? texts.titles.openInvoices(party) : texts.titles.closedInvoices(party),
      footer: texts.footers.invoices(customer.custNo, currencyCode),
      sheetName: texts.sheetNames.invoices,
      batches: () =>
        invoices.readBatches({
          scope,
          filter,
          sort: query.sort,
          dir: query.dir,
          offset,
          limit: rowCount,
          batchSize: options.batchSize ?? EXPORT_BATCH_SIZE,
        }),
    };
  }

  /** The dispute grid's export: its own columns, filter allow-list and amounts privilege. */
  async function prepareDisputes(
    session: SessionContext,
    query: TDisputeExportQuery,
    format: 'xlsx' | 'pdf',
  ): Promise<PreparedExport> {
    const reader = documentReader(session.user);
    const texts = documentTexts(reader.language).exports;
    const selection = await disputes.exportSelection(session, query);
    const columns = parseExportColumns(query.columns, disputeExportGrid(selection.canViewAmounts), texts);
    const offset = query.scope === 'page' ? (query.page - 1) * query.pageSize : 0;
    const rowCount =
      query.scope === 'page'
        ? Math.max(0, Math.min(query.pageSize, selection.total - offset))
        : selection.total;
    refuseLargePdf(format, rowCount);
    const { custNo, company, currencyCode } = selection;
    return {
      reader,
      grid: 'disputes',
      currencyCode,
      filter: query.filter,
      columns,
      rowCount,
      sellerName: options.sellerName ?? DEFAULT_SELLER_NAME,
      filename: (extension) => `disputes-${custNo}-${currencyCode}.${extension}`,
      title: texts.titles.disputes(`${company} (${custNo})`),
      footer: texts.footers.disputes(custNo, currencyCode),
      sheetName: texts.sheetNames.disputes,
      batches: () =>
        selection.batches({ offset, limit: rowCount, batchSize: options.batchSize ?? EXPORT_BATCH_SIZE }),
    };
  }

  /** The payment log grid's export: its customer, currency, date range and filter. */
  async function preparePaymentLogs(
    session: SessionContext,
    query: TPaymentLogExportQuery,
    format: 'xlsx' | 'pdf',
  ): Promise<PreparedExport> {
    const reader = documentReader(session.user);
    const texts = documentTexts(reader.language).exports;
    const selection = await paymentLogs.exportSelection(session, query);
    const columns = parseExportColumns(query.columns, PAYMENT_LOG_EXPORT_GRID, texts);
    const offset = query.scope === 'page' ? (query.page - 1) * query.pageSize : 0;
    const rowCount =
      query.scope === 'page'
        ? Math.max(0, Math.min(query.pageSize, selection.total - offset))
        : selection.total;
    refuseLargePdf(format, rowCount);
    const { custNo, company, currencyCode } = selection;
    const rangeWord = query.dateRange.toLowerCase().replaceAll('_', '-');
    return {
      reader,
      grid: 'paymentLogs',
      currencyCode,
      filter: query.filter,
      columns,
      rowCount,
      sellerName: options.sellerName ?? DEFAULT_SELLER_NAME,
      filename: (extension) => `payments-${custNo}-${currencyCode}-${rangeWord}.${extension}`,
      title: texts.titles.payments(`${company} (${custNo})`),
      footer: texts.footers.paymentLogs(custNo, currencyCode),
      sheetName: texts.sheetNames.paymentLogs,
      batches: () =>
        selection.batches({ offset, limit: rowCount, batchSize: options.batchSize ?? EXPORT_BATCH_SIZE }),
    };
  }

  /**
   * The workbook, streamed: the answer starts while rows are still being read, so a
   * failure past this point can only break the download; `onFailure` gets it for the log.
   */
  function toXlsx(prepared: PreparedExport, handlers: { onFailure: (error: unknown) => void }): ExportFile {
    const body = new PassThrough();
    writeInvoicesXlsx(body, {
      columns: prepared.columns,
      currencyCode: prepared.currencyCode,
      batches: prepared.batches(),
      sheetName: prepared.sheetName,
    }).catch((error: unknown) => {
      // Headers are gone by now: the only honest signal left is a broken download.
      if (!(error instanceof ExportAbortedError)) handlers.onFailure(error);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return {
      contentType: XLSX_CONTENT_TYPE,
      filename: prepared.filename('xlsx'),
      rowCount: prepared.rowCount,
      body,
    };
  }

  /** The landscape table, laid out in full before the answer starts (hence the row cap). */
  async function toPdf(prepared: PreparedExport, now: Date): Promise<ExportFile> {
    const { document } = await renderInvoiceGridPdf({
      ...prepared.reader,
      grid: prepared.grid,
      columns: prepared.columns,
      currencyCode: prepared.currencyCode,
      batches: prepared.batches(),
      title: prepared.title,
      footer: prepared.footer,
      filter: prepared.filter,
      exportedOn: calendarDateInZone(now, 'UTC'),
      sellerName: prepared.sellerName,
    });
    return {
      contentType: 'application/pdf',
      filename: prepared.filename('pdf'),
      rowCount: prepared.rowCount,
      body: document,
    };
  }

  return {
    prepare,

    async xlsx(
      session: SessionContext,
      query: TInvoiceExportQuery,
      handlers: { onFailure: (error: unknown) => void },
    ) {
      return toXlsx(await prepare(session, query, 'xlsx'), handlers);
    },

    async pdf(session: SessionContext, query: TInvoiceExportQuery, now = new Date()) {
      return toPdf(await prepare(session, query, 'pdf'), now);
    },

    async disputesXlsx(
      session: SessionContext,
      query: TDisputeExportQuery,
      handlers: { onFailure: (error: unknown) => void },
    ) {
      return toXlsx(await prepareDisputes(session, query, 'xlsx'), handlers);
    },

    async disputesPdf(session: SessionContext, query: TDisputeExportQuery, now = new Date()) {
      return toPdf(await prepareDisputes(session, query, 'pdf'), now);
    },

    async paymentLogsXlsx(
      session: SessionContext,
      query: TPaymentLogExportQuery,
      handlers: { onFailure: (error: unknown) => void },
    ) {
      return toXlsx(await preparePaymentLogs(session, query, 'xlsx'), handlers);
    },

    async paymentLogsPdf(session: SessionContext, query: TPaymentLogExportQuery, now = new Date()) {
      return toPdf(await preparePaymentLogs(session, query, 'pdf'), now);
    },
  };
}

/** A PDF keeps its pages in memory: past the cap the answer is a clear refusal, before any byte. */
function refuseLargePdf(format: 'xlsx' | 'pdf', rowCount: number) {
  if (format !== 'pdf' || rowCount <= PDF_EXPORT_MAX_ROWS) return;
  throw new AppError({
    statusCode: 400,
    code: ExportErrorCode.EXPORT_TOO_LARGE,
    message: `A PDF export holds at most ${PDF_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows and this selection has ${rowCount.toLocaleString('en-US')}. Export to Excel instead, or narrow the filter.`,
    args: [String(rowCount), String(PDF_EXPORT_MAX_ROWS)],
  });
}
