import type { TInvoiceRow } from '@settle/shared/invoices';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type FieldType, INVOICE_FIELDS } from './invoice-fields';
import { toInvoiceRow } from './invoice-mapper';
import { findInvoicePage, type InvoiceScope } from './invoices.repository';

export const EXPORT_BATCH_SIZE = 2000;

export type InvoiceBatchQuery = {
  scope: InvoiceScope;
  filter?: SQL;
  sort: string;
  dir: 'asc' | 'desc';
  /** First row (0-based) and how many rows at most. */
  offset: number;
  limit: number;
  batchSize?: number;
};

/** SQL types a sort value is compared as; other field types page by offset. */
const KEYSET_CASTS: Partial<Record<FieldType, string>> = {
  string: 'text',
  date: 'date',
  currency: 'numeric',
  number: 'numeric',
  integer: 'integer',
};

/** What a keyset value must look like for its cast, so that a forged cursor cannot make the cast fail. */
const KEYSET_VALUE: Record<string, (value: string) => boolean> = {
  text: () => true,
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  numeric: (value) => /^-?\d{1,15}(\.\d{1,4})?$/.test(value),
  integer: (value) => /^-?\d{1,9}$/.test(value),
};

/**
 * "After this row" in the list's order (sort field, then id, both in the same direction, as
 * findInvoicePage orders): a condition for the next page or batch that the index can seek to,
 * instead of an OFFSET that rereads every earlier row. Undefined when the sort value cannot
 * be compared that way (then offset paging goes on).
 */
export function keysetAfter(sort: string, dir: 'asc' | 'desc', value: unknown, id: number): SQL | undefined {
  const key = Object.hasOwn(INVOICE_FIELDS, sort) ? sort : 'dueDate';
  const field = INVOICE_FIELDS[key]!;
  const cast = KEYSET_CASTS[field.type];
  if (!cast || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
  if (!KEYSET_VALUE[cast]!(String(value))) return undefined;
  const comparison = sql.raw(dir === 'desc' ? '<' : '>');
  return sql`(${field.column}, i.id) ${comparison} (cast(${String(value)} as ${sql.raw(cast)}), ${id})`;
}

/** The sort value of a row, as keysetAfter takes it. */
export function sortValueOf(sort: string, row: TInvoiceRow): unknown {
  const key = Object.hasOwn(INVOICE_FIELDS, sort) ? sort : 'dueDate';
  return (row as Record<string, unknown>)[key];
}

/**
 * The rows of an export in the grid's order, one batch at a time, so that any number of
 * rows is read with the memory of one batch. The first batch starts at `offset` (a grid
 * page); each next one starts after the last row read (keyset), which keeps every batch
 * as fast as the first and neither skips nor repeats a row when others are added or
 * removed meanwhile. No transaction is held open: on PGlite that would block every other
 * request for the export's whole duration.
 */
export async function* readInvoiceBatches(db: Db, query: InvoiceBatchQuery): AsyncGenerator<TInvoiceRow[]> {
  const batchSize = query.batchSize ?? EXPORT_BATCH_SIZE;
  let position = query.offset;
  let after: SQL | undefined;
  let remaining = query.limit;
  while (remaining > 0) {
    const size = Math.min(batchSize, remaining);
    const filter = after && query.filter ? sql`(${query.filter}) and ${after}` : (after ?? query.filter);
    const records = await findInvoicePage(db, {
      scope: query.scope,
      filter,
      sort: query.sort,
      dir: query.dir,
      limit: size,
      offset: after ? 0 : position,
    });
    const rows = records.map(toInvoiceRow);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    remaining -= rows.length;
    position += rows.length;
    const last = rows.at(-1)!;
    after = keysetAfter(query.sort, query.dir, sortValueOf(query.sort, last), last.id);
  }
}
