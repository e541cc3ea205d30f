import type { TInvoiceRow } from '@settle/shared/invoices';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type KeysetCast, keysetAfter as keysetAfterPosition } from '../../lib/grid-paging';
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
const KEYSET_CASTS: Partial<Record<FieldType, KeysetCast>> = {
  string: 'text',
  date: 'date',
  currency: 'numeric',
  number: 'numeric',
  integer: 'integer',
};

/**
 * "After this row" in the list's order (sort field, then id, both in the same direction, as
 * findInvoicePage orders), for the next page or batch. Undefined when the sort value cannot
 * be compared that way (then offset paging goes on).
 */
export function keysetAfter(sort: string, dir: 'asc' | 'desc', value: unknown, id: number): SQL | undefined {
  const key = Object.hasOwn(INVOICE_FIELDS, sort) ? sort : 'dueDate';
  const field = INVOICE_FIELDS[key]!;
  const cast = KEYSET_CASTS[field.type];
  if (!cast) return undefined;
  return keysetAfterPosition({ column: field.column, cast }, sql.raw('i.id'), dir, value, id);
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
    const records = await findInvoicePage(db, {
      scope: query.scope,
      filter: query.filter,
      after,
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
