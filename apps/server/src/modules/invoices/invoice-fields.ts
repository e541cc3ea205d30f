import { type SQL, sql } from 'drizzle-orm';

export type FieldType =
  | 'string'
  | 'integer'
  | 'number'
  | 'currency'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'enum';

/**
 * The invoice grid's fields as SQL: the only names a filter or a sort can reach. Columns
 * are written against the alias `i` of the list query.
 */
export const INVOICE_FIELDS: Record<string, { column: SQL; type: FieldType }> = {
  invNo: { column: sql.raw('i.inv_no'), type: 'string' },
  tranId: { column: sql.raw('i.tran_id'), type: 'string' },
  invoiceDate: { column: sql.raw('i.invoice_date'), type: 'date' },
  dueDate: { column: sql.raw('i.due_date'), type: 'date' },
  amount: { column: sql.raw('i.amount'), type: 'currency' },
  balance: { column: sql.raw('i.balance'), type: 'currency' },
  tranBal: { column: sql.raw('i.tran_bal'), type: 'currency' },
  disputeAmount: { column: sql.raw('i.dispute_amount'), type: 'currency' },
  paidAmount: { column: sql.raw('i.paid_amount'), type: 'currency' },
  promisedAmount: { column: sql.raw('i.promised_amount'), type: 'currency' },
  paymentPending: { column: sql.raw('i.payment_pending'), type: 'boolean' },
  promise: { column: sql.raw('i.promise'), type: 'boolean' },
  nextFollowupDate: { column: sql.raw('i.next_followup_date'), type: 'date' },
  poNumber: { column: sql.raw('i.po_number'), type: 'string' },
  terms: { column: sql.raw('i.terms'), type: 'string' },
};
