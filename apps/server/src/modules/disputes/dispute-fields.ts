import { type SQL, sql } from 'drizzle-orm';
import type { FilterAllowList } from '../search/filter-sql';

/**
 * The dispute grid's fields as SQL: the only names its filter and sort can reach. Written
 * against the list query's aliases: d (disputes) and i (the invoice, absent for customer-level).
 */
export const DISPUTE_FIELDS: Record<
  string,
  { column: SQL; type: 'string' | 'integer' | 'currency' | 'date' }
> = {
  probNo: { column: sql.raw('d.prob_no'), type: 'integer' },
  invNo: { column: sql.raw('i.inv_no'), type: 'string' },
  invoiceDate: { column: sql.raw('i.invoice_date'), type: 'date' },
  dueDate: { column: sql.raw('i.due_date'), type: 'date' },
  originalAmount: { column: sql.raw('i.amount'), type: 'currency' },
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
