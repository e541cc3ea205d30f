import type { TInvoiceListQuery, TInvoiceRow } from '@settle/shared/invoices';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { DEFAULT_SELLER_NAME } from '../documents/documents.service';
import { INVOICE_FIELDS } from '../invoices/invoice-fields';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import { sumInvoices } from '../invoices/invoices.repository';
import { buildFilterWhere } from '../search/filter-helper';
import { type ExportColumn, parseExportColumns } from './export-columns';
import { EXPORT_BATCH_SIZE, readInvoiceBatches } from './invoice-batches';

/** A PDF keeps every page in memory until its page count is known; past this, Excel. */
export const PDF_EXPORT_MAX_ROWS = 5000;

export const ExportErrorCode = { EXPORT_TOO_LARGE: 'EXPORT_TOO_LARGE' } as const;

export type TInvoiceExportQuery = TInvoiceListQuery & { scope: 'page' | 'all'; columns?: string };

export type PreparedExport = {
  custNo: string;
  company: string;
  currencyCode: string;
  status: 'O' | 'C';
  filter?: string;
  columns: ExportColumn[];
  /** How many rows the export holds, known before the first row is written. */
  rowCount: number;
  sellerName: string;
  /** invoices-<custNo>-<currency>-<open|closed>.<extension> */
  filename: (extension: 'xlsx' | 'pdf') => string;
  /** The rows in the grid's order, in batches; each call reads the database afresh. */
  batches: () => AsyncGenerator<TInvoiceRow[]>;
};

export type ExportsService = ReturnType<typeof createExportsService>;

export function createExportsService(
  db: Db,
  accounts: AccountsService,
  options: { batchSize?: number; sellerName?: string } = {},
) {
  return {
    /**
     * Everything an export needs before its first byte: the customer scope, the columns,
     * the filter and the row count. Every refusal (unknown customer or column, bad filter,
     * a PDF too large) happens here, so that it is still a proper JSON error response.
     */
    async prepare(
      session: SessionContext,
      query: TInvoiceExportQuery,
      format: 'xlsx' | 'pdf',
    ): Promise<PreparedExport> {
      const columns = parseExportColumns(query.columns);
      const { customer, currencyCode } = await resolveCustomerScope(accounts, session, query);
      const filter = buildFilterWhere(query.filter, INVOICE_FIELDS);
      const scope = { customerId: customer.id, currencyCode, status: query.status, userId: session.userId };
      const { count: total } = await sumInvoices(db, { scope, filter });
      const offset = query.scope === 'page' ? (query.page - 1) * query.pageSize : 0;
      const rowCount = query.scope === 'page' ? Math.max(0, Math.min(query.pageSize, total - offset)) : total;
      if (format === 'pdf' && rowCount > PDF_EXPORT_MAX_ROWS) {
        throw new AppError({
          statusCode: 400,
          code: ExportErrorCode.EXPORT_TOO_LARGE,
          message: `A PDF export holds at most ${PDF_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows and this selection has ${rowCount.toLocaleString('en-US')}. Export to Excel instead, or narrow the filter.`,
          args: [String(rowCount), String(PDF_EXPORT_MAX_ROWS)],
        });
      }
      const statusWord = query.status === 'O' ? 'open' : 'closed';
      return {
        custNo: customer.custNo,
        company: customer.company,
        currencyCode,
        status: query.status,
        filter: query.filter,
        columns,
        rowCount,
        sellerName: options.sellerName ?? DEFAULT_SELLER_NAME,
        filename: (extension) => `invoices-${customer.custNo}-${currencyCode}-${statusWord}.${extension}`,
        batches: () =>
          readInvoiceBatches(db, {
            scope,
            filter,
            sort: query.sort,
            dir: query.dir,
            offset,
            limit: rowCount,
            batchSize: options.batchSize ?? EXPORT_BATCH_SIZE,
          }),
      };
    },
  };
}
