import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { queryRowsWithKeptPlan } from '../../db/kept-plan-query';
import {
  type GridPageOptions,
  keepsPagePlan,
  keysetOrder,
  keysetText,
  pageCondition,
  pageWindow,
  walkDirection,
} from '../../lib/grid-paging';
import { paymentLogSortKey } from './payment-log-fields';

const ISO = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type PaymentLogRecord = {
  id: number;
  ext_tran_ref_id: string;
  cust_no: string;
  currency_code: string;
  created_at: string;
  settled_at: string | null;
  flow: 'cart' | 'on_account';
  payment_type: 'CREDIT_CARD' | 'DEBIT_CARD' | 'ECHECK';
  method_type: 'CARD' | 'CARD_PROFILE' | 'ECHECK' | 'ECHECK_PROFILE';
  status: 'PENDING' | 'SUCCESS' | 'ERROR' | 'FAILURE' | 'CANCELLED';
  amount: string;
  fee: string;
  total: string;
  account_masked: string | null;
  tracking_no: string | null;
  auth_code: string | null;
  payer_name: string;
  note: string | null;
  contract_number: string | null;
  invoice_count: number;
  /** Grid pages only: the sort value of the row as text (null when empty), for the cursor. */
  sort_key?: string | null;
};

const SELECT_LOG = sql`
  p.id, p.ext_tran_ref_id, p.cust_no, p.currency_code, ${ISO('p.created_at')} as created_at,
  case when p.settled_at is null then null else ${ISO('p.settled_at')} end as settled_at,
  p.flow, p.payment_type, p.method_type, p.status, p.amount::text, p.fee::text, p.total::text,
  p.account_masked, p.tracking_no, p.auth_code, p.payer_name, p.note, p.contract_number,
  (select count(*)::int from payment_lines l where l.payment_id = p.id) as invoice_count`;

export type PaymentLogScope = {
  tenantId: number;
  customerId: number;
  currencyCode: string;
  /** The date range as a half-open interval of instants. */
  from?: Date;
  to?: Date;
};

function scopeWhere(scope: PaymentLogScope, filter: SQL | undefined): SQL {
  const conditions = [
    // The tenant checked once on the customer (a one-time filter), not on each payment: a condition
    // on a column outside the grid's indexes would make every page fetch the account's payments.
    sql`${scope.tenantId} = (select c.tenant_id from customers c where c.id = ${scope.customerId})`,
    sql`p.customer_id = ${scope.customerId}`,
    sql`p.currency_code = ${scope.currencyCode}`,
  ];
  if (scope.from) conditions.push(sql`p.created_at >= ${scope.from.toISOString()}::timestamptz`);
  if (scope.to) conditions.push(sql`p.created_at < ${scope.to.toISOString()}::timestamptz`);
  if (filter) conditions.push(sql`(${filter})`);
  return sql.join(conditions, sql` and `);
}

/** One page, ordered by an allow-listed field and then by id, so that paging is stable. */
export function findPaymentLogPage(db: Db, options: PaymentLogPageOptions): Promise<PaymentLogRecord[]> {
  const query = paymentLogPageQuery(options);
  return keepsPaymentLogPagePlan(options)
    ? queryRowsWithKeptPlan<PaymentLogRecord>(db, query)
    : queryRows<PaymentLogRecord>(db, query);
}

export type PaymentLogPageOptions = GridPageOptions<PaymentLogScope>;

/** The sorts an index of the scope gives in order (payments_log_grid, payments_log_amount). */
export const PAYMENT_LOG_SORTS_WALKING_AN_INDEX: ReadonlySet<string> = new Set(['createdAt', 'amount']);

/** Whether a page keeps one plan (lib/grid-paging.ts, keepsPagePlan). A range of days narrows the list by a column the amount sort's index does not hold. */
export function keepsPaymentLogPagePlan(options: PaymentLogPageOptions): boolean {
  return (
    keepsPagePlan(options, PAYMENT_LOG_SORTS_WALKING_AN_INDEX) &&
    !options.scope.from &&
    !options.scope.to &&
    !(options.after && paymentLogSortKey(options.sort).nullable)
  );
}

/** The page's SQL, also read by the plan tests (EXPLAIN). Each row brings its sort value for the cursor. */
export function paymentLogPageQuery(options: PaymentLogPageOptions): SQL {
  const key = paymentLogSortKey(options.sort);
  const id = sql.raw('p.id');
  const walk = walkDirection(options);
  return sql`with page as (
          select p.id from payments p
          where ${scopeWhere(options.scope, pageCondition(options))}
          order by ${keysetOrder(key, id, walk)}
          ${pageWindow(options, keepsPaymentLogPagePlan(options))})
        select ${SELECT_LOG}, ${keysetText(key)} as sort_key from payments p
        where p.id in (select id from page)
        order by ${keysetOrder(key, id, options.dir)}`;
}

export type PaymentLogTotalsRecord = { count: number; succeeded_count: number; succeeded_total: string };

/**
 * The unfiltered selection's totals from the per-day aggregates (payment_day_totals, kept by the
 * payments triggers of migration 0020): the range's UTC days summed, not its payments counted.
 */
export async function readPaymentDayTotals(db: Db, scope: PaymentLogScope): Promise<PaymentLogTotalsRecord> {
  // A range of one customer's and currency's days, in their key's order: the same plan for every scope.
  const [row] = await queryRowsWithKeptPlan<PaymentLogTotalsRecord>(db, paymentDayTotalsQuery(scope));
  return row!;
}

/** The day aggregates' SQL, also read by the plan tests (EXPLAIN). */
export function paymentDayTotalsQuery(scope: PaymentLogScope): SQL {
  const conditions = [sql`t.customer_id = ${scope.customerId}`, sql`t.currency_code = ${scope.currencyCode}`];
  if (scope.from) conditions.push(sql`t.day >= ${utcDay(scope.from)}::date`);
  if (scope.to) conditions.push(sql`t.day < ${utcDay(scope.to)}::date`);
  return sql`select coalesce(sum(t.count), 0)::int as count, coalesce(sum(t.succeeded_count), 0)::int as succeeded_count,
          coalesce(sum(t.succeeded_total), 0)::text as succeeded_total
        from payment_day_totals t
        where ${sql.join(conditions, sql` and `)}`;
}

/** The bounds are UTC midnights (paymentLogDateBounds): their day is the aggregates' key. */
function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export async function sumPaymentLogs(
  db: Db,
  options: { scope: PaymentLogScope; filter?: SQL },
): Promise<PaymentLogTotalsRecord> {
  if (!options.filter) return readPaymentDayTotals(db, options.scope);
  const [row] = await queryRows<PaymentLogTotalsRecord>(
    db,
    sql`select count(*)::int as count,
          count(*) filter (where p.status = 'SUCCESS')::int as succeeded_count,
          coalesce(sum(p.total) filter (where p.status = 'SUCCESS'), 0)::text as succeeded_total
        from payments p
        where ${scopeWhere(options.scope, options.filter)}`,
  );
  return row!;
}
