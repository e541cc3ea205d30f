import type { TInvoiceListQuery, TInvoiceRow } from '@settle/shared/invoices';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { decodeCursor, encodeCursor, listDigest } from '../../lib/grid-cursor';
import { keysetAfter, sortValueOf } from './invoice-batches';
import { toInvoiceRow } from './invoice-mapper';
import { findInvoicePage, type InvoiceScope } from './invoices.repository';

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
    /** The scope's row count when known without counting (unfiltered lists). */
    knownCount?: number;
  },
): Promise<{ rows: TInvoiceRow[]; nextCursor: string | null }> {
  const { scope, filter, query, knownCount } = options;
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
  let records: Awaited<ReturnType<typeof findInvoicePage>>;
  if (after) {
    records = await findInvoicePage(db, {
      ...base,
      filter: filter ? sql`(${filter}) and ${after}` : after,
      offset: 0,
    });
  } else if (knownCount !== undefined && offset * 2 > knownCount) {
    const fromEnd = knownCount - offset - query.pageSize;
    const limit = query.pageSize + Math.min(0, fromEnd);
    records =
      limit > 0
        ? await findInvoicePage(db, { ...base, filter, limit, offset: Math.max(0, fromEnd), fromEnd: true })
        : [];
  } else {
    records = await findInvoicePage(db, { ...base, filter, offset });
  }
  const rows = records.map(toInvoiceRow);
  const last = rows.at(-1);
  const more =
    rows.length === query.pageSize && (knownCount === undefined || offset + rows.length < knownCount);
  const value = last && sortValueOf(query.sort, last);
  const nextCursor =
    more && last && (typeof value === 'string' || typeof value === 'number')
      ? encodeCursor(list, { page: query.page + 1, value, id: last.id })
      : null;
  return { rows, nextCursor };
}
