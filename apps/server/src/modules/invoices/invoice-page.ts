import type { TInvoiceListQuery, TInvoiceRow } from '@settle/shared/invoices';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findGridPage as findPagedRecords } from '../../lib/grid-paging';
import { keysetAfter, sortValueOf } from './invoice-batches';
import { toInvoiceRow } from './invoice-mapper';
import {
  findInvoicePage,
  type InvoiceRecord,
  type InvoiceScope,
  type InvoiceTotalsRecord,
  readScopeTotals,
  scopeTotalsOf,
} from './invoices.repository';

/** An invoice grid page by the grids' paging strategy (lib/grid-paging.ts). */
export async function findGridPage(
  db: Db,
  options: {
    scope: InvoiceScope;
    filter?: SQL;
    query: Pick<TInvoiceListQuery, 'page' | 'pageSize' | 'sort' | 'dir' | 'filter' | 'cursor'>;
    /**
     * Unfiltered lists: the scope's totals from the aggregates come back with the page. Page 1
     * and cursor pages read them in the page's own statement (one round trip); a jump without a
     * cursor reads them first, since the count decides from which end to walk.
     */
    scopeTotals?: boolean;
  },
): Promise<{ rows: TInvoiceRow[]; nextCursor: string | null; totals: InvoiceTotalsRecord | null }> {
  const { scope, filter, query } = options;
  const scopeTotals = Boolean(options.scopeTotals && !filter);
  const base = { scope, sort: query.sort, dir: query.dir };
  let totals: InvoiceTotalsRecord | null = null;
  let withScopeTotals = false;
  const page = await findPagedRecords<InvoiceRecord>({
    // Without the grid's name: the invoice cursors handed out before the other grids shared this stay valid.
    list: [
      scope.customerId,
      scope.currencyCode,
      scope.status,
      query.sort,
      query.dir,
      query.pageSize,
      query.filter ?? '',
    ],
    page: query.page,
    pageSize: query.pageSize,
    cursor: query.cursor,
    after: (value, id) => keysetAfter(query.sort, query.dir, value, id),
    positionOf: (record) => ({ value: sortValueOf(query.sort, toInvoiceRow(record)), id: record.id }),
    async read(walk) {
      withScopeTotals = scopeTotals && !walk.countKnown;
      return findInvoicePage(db, {
        ...base,
        filter,
        after: walk.after,
        limit: walk.limit,
        offset: walk.offset,
        fromEnd: walk.fromEnd,
        withScopeTotals,
      });
    },
    countBeforeJump: scopeTotals
      ? async () => {
          totals = await readScopeTotals(db, scope);
          return totals.count;
        }
      : undefined,
    async countAfterPage(records) {
      if (!withScopeTotals) return undefined;
      // An empty page carried no aggregates: they are read on their own (an empty or ended list).
      totals = records[0] ? scopeTotalsOf(records[0]) : await readScopeTotals(db, scope);
      return totals.count;
    },
  });
  return { rows: page.records.map(toInvoiceRow), nextCursor: page.nextCursor, totals };
}
