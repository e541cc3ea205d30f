import type { TInvoiceListQuery, TInvoiceRow } from '@settle/shared/invoices';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { decodeCursor, encodeCursor, listDigest } from '../../lib/grid-cursor';
import { keysetAfter, sortValueOf } from './invoice-batches';
import { toInvoiceRow } from './invoice-mapper';
import {
  findInvoicePage,
  type InvoiceScope,
  type InvoiceTotalsRecord,
  readScopeTotals,
  scopeTotalsOf,
} from './invoices.repository';

/**
 * How a grid page is found, cheapest first:
 * 1. keyset: the request carries the previous page's nextCursor, so the page starts with a seek
 *    to the row after that page's last one (as fast as page 1, however deep);
 * 2. from the nearer end: without a cursor, when the scope's size is known (unfiltered lists,
 *    from the aggregates) and the page lies in the second half, the same order is walked
 *    backwards, so page 1,001 of 1,352 skips 17,550 entries rather than 50,000;
 * 3. otherwise OFFSET on the page's ids alone (findInvoicePage chooses ids from the index,
 *    then reads 50 rows): the skipped entries are index entries, never table rows nor a sort.
 * The far jump is therefore bounded by half the list's index entries, and the pager's next and
 * previous steps (the common case) are keyset.
 */
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
  const list = listDigest([
    scope.customerId,
    scope.currencyCode,
    scope.status,
    query.sort,
    query.dir,
    query.pageSize,
    query.filter ?? '',
  ]);
  const offset = (query.page - 1) * query.pageSize;
  const base = { scope, sort: query.sort, dir: query.dir, limit: query.pageSize };
  const cursor = decodeCursor(query.cursor, list, query.page);
  const after = cursor && keysetAfter(query.sort, query.dir, cursor.value, cursor.id);
  const withScopeTotals = Boolean(options.scopeTotals && !filter && (after || offset === 0));
  let totals = options.scopeTotals && !withScopeTotals ? await readScopeTotals(db, scope) : null;
  const knownCount = totals?.count;
  let records: Awaited<ReturnType<typeof findInvoicePage>>;
  if (after) {
    records = await findInvoicePage(db, {
      ...base,
      filter: filter ? sql`(${filter}) and ${after}` : after,
      offset: 0,
      withScopeTotals,
    });
  } else if (knownCount !== undefined && offset * 2 > knownCount) {
    const fromEnd = knownCount - offset - query.pageSize;
    const limit = query.pageSize + Math.min(0, fromEnd);
    records =
      limit > 0
        ? await findInvoicePage(db, { ...base, filter, limit, offset: Math.max(0, fromEnd), fromEnd: true })
        : [];
  } else {
    records = await findInvoicePage(db, { ...base, filter, offset, withScopeTotals });
  }
  if (withScopeTotals) {
    // An empty page carried no aggregates: they are read on their own (an empty or ended list).
    totals = records[0] ? scopeTotalsOf(records[0]) : await readScopeTotals(db, scope);
  }
  const count = totals?.count;
  const rows = records.map(toInvoiceRow);
  const last = rows.at(-1);
  const more = rows.length === query.pageSize && (count === undefined || offset + rows.length < count);
  const value = last && sortValueOf(query.sort, last);
  const nextCursor =
    more && last && (typeof value === 'string' || typeof value === 'number')
      ? encodeCursor(list, { page: query.page + 1, value, id: last.id })
      : null;
  return { rows, nextCursor, totals };
}
