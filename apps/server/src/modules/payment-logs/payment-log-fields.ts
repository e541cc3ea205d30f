import { type SQL, sql } from 'drizzle-orm';
import type { KeysetCast, KeysetKey } from '../../lib/grid-paging';
import type { FieldType } from '../invoices/invoice-fields';
import type { FilterAllowList } from '../search/filter-sql';

/**
 * The payment log grid's fields as SQL: the only names its filter and sort can reach, written
 * against the alias p (payments). The transaction type is the flow in the specification's words.
 */
export const PAYMENT_LOG_FIELDS: Record<string, { column: SQL; type: FieldType; nullable?: true }> = {
  paymentLogId: { column: sql.raw('p.id'), type: 'integer' },
  createdAt: { column: sql.raw('p.created_at'), type: 'date' },
  status: { column: sql.raw('p.status'), type: 'enum' },
  methodType: { column: sql.raw('p.method_type'), type: 'enum' },
  paymentType: { column: sql.raw('p.payment_type'), type: 'enum' },
  transactionType: {
    column: sql.raw(`(case when p.flow = 'cart' then 'INVOICES' else 'ON_ACCOUNT' end)`),
    type: 'enum',
  },
  amount: { column: sql.raw('p.amount'), type: 'currency' },
  fee: { column: sql.raw('p.fee'), type: 'currency' },
  total: { column: sql.raw('p.total'), type: 'currency' },
  trackingNo: { column: sql.raw('p.tracking_no'), type: 'string', nullable: true },
  authCode: { column: sql.raw('p.auth_code'), type: 'string', nullable: true },
  accountMasked: { column: sql.raw('p.account_masked'), type: 'string', nullable: true },
  payerName: { column: sql.raw('p.payer_name'), type: 'string' },
  note: { column: sql.raw('p.note'), type: 'string', nullable: true },
  contractNumber: { column: sql.raw('p.contract_number'), type: 'string', nullable: true },
  invoiceCount: {
    column: sql.raw('(select count(*) from payment_lines l where l.payment_id = p.id)'),
    type: 'integer',
  },
};

export const PAYMENT_LOG_FILTER_FIELDS = PAYMENT_LOG_FIELDS as FilterAllowList;

/** The grid's sorts as keyset keys (lib/grid-paging.ts); the created time compares to the microsecond. */
const KEYSET_CASTS: Partial<Record<FieldType, KeysetCast>> = {
  integer: 'integer',
  currency: 'numeric',
  string: 'text',
  enum: 'text',
};

export function paymentLogSortKey(sort: string): KeysetKey {
  const field = Object.hasOwn(PAYMENT_LOG_FIELDS, sort)
    ? PAYMENT_LOG_FIELDS[sort]!
    : PAYMENT_LOG_FIELDS.createdAt!;
  const cast = field === PAYMENT_LOG_FIELDS.createdAt ? 'timestamptz' : (KEYSET_CASTS[field.type] ?? 'text');
  return { column: field.column, cast, nullable: field.nullable };
}
