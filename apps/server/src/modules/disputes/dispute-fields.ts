import { type SQL, sql } from 'drizzle-orm';
import type { KeysetKey } from '../../lib/grid-paging';
import type { FilterAllowList } from '../search/filter-sql';

/**
 * The dispute grid's fields as SQL: the only names its filter and sort can reach. Written
 * against the alias d (disputes): the invoice's number, dates and amount are the copies the
 * triggers keep on the dispute (migration 0022), empty for a customer-level dispute.
 */
export const DISPUTE_FIELDS: Record<
  string,
  { column: SQL; type: 'string' | 'integer' | 'currency' | 'date' }
> = {
  probNo: { column: sql.raw('d.prob_no'), type: 'integer' },
  invNo: { column: sql.raw('d.inv_no'), type: 'string' },
  invoiceDate: { column: sql.raw('d.invoice_date'), type: 'date' },
  dueDate: { column: sql.raw('d.due_date'), type: 'date' },
  originalAmount: { column: sql.raw('d.invoice_amount'), type: 'currency' },
  disputedAmount: { column: sql.raw('d.disputed_amount'), type: 'currency' },
  statusCode: { column: sql.raw('d.status_code'), type: 'string' },
  reasonCode: { column: sql.raw('d.reason_code'), type: 'string' },
  description: { column: sql.raw('d.description'), type: 'string' },
  createdOn: { column: sql.raw('d.created_at'), type: 'date' },
};

/** Without TR_USER.ALLOW_PROB_VIEW a filter may not probe the disputed amounts either. */
export function disputeFilterFields(canViewAmounts: boolean): FilterAllowList {
  const entries = Object.entries(DISPUTE_FIELDS).filter(
    ([field]) => canViewAmounts || field !== 'disputedAmount',
  );
  return Object.fromEntries(entries) as FilterAllowList;
}

/**
 * The grid's sorts as keyset keys (lib/grid-paging.ts). The invoice's columns are empty on a
 * customer-level dispute; the created time compares to the microsecond.
 */
export const DISPUTE_SORT_KEYS: Record<string, KeysetKey> = {
  probNo: { column: DISPUTE_FIELDS.probNo!.column, cast: 'integer' },
  invNo: { column: DISPUTE_FIELDS.invNo!.column, cast: 'text', nullable: true },
  invoiceDate: { column: DISPUTE_FIELDS.invoiceDate!.column, cast: 'date', nullable: true },
  dueDate: { column: DISPUTE_FIELDS.dueDate!.column, cast: 'date', nullable: true },
  originalAmount: { column: DISPUTE_FIELDS.originalAmount!.column, cast: 'numeric', nullable: true },
  disputedAmount: { column: DISPUTE_FIELDS.disputedAmount!.column, cast: 'numeric' },
  statusCode: { column: DISPUTE_FIELDS.statusCode!.column, cast: 'text' },
  reasonCode: { column: DISPUTE_FIELDS.reasonCode!.column, cast: 'text' },
  createdOn: { column: DISPUTE_FIELDS.createdOn!.column, cast: 'timestamptz' },
};

export function disputeSortKey(sort: string): KeysetKey {
  return Object.hasOwn(DISPUTE_SORT_KEYS, sort) ? DISPUTE_SORT_KEYS[sort]! : DISPUTE_SORT_KEYS.createdOn!;
}
