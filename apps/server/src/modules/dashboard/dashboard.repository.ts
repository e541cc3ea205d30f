import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

export type SummaryRow = {
  open_count: number;
  open_balance: string;
  overdue_count: number;
  overdue_balance: string;
  coming_due_count: number;
  coming_due_balance: string;
  credit_count: number;
  credit_balance: string;
  disputed_count: number;
  disputed_amount: string;
};

/**
 * One pass over the customer's open invoices in one currency (served by invoices_grid).
 * Overdue and coming due count only what still owes (balance over 0), the sets of the home
 * cards' links and the grid's marks (packages/shared/src/rules/due-criteria.ts).
 */
export async function summarizeOpenInvoices(
  db: Db,
  options: { customerId: number; currencyCode: string; today: string; comingDueUntil: string },
): Promise<SummaryRow> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`
    select
      count(*)::int as open_count,
      coalesce(sum(balance), 0)::text as open_balance,
      (count(*) filter (where balance > 0 and due_date < ${options.today}::date))::int as overdue_count,
      coalesce(sum(balance) filter (where balance > 0 and due_date < ${options.today}::date), 0)::text as overdue_balance,
      (count(*) filter (where balance > 0 and due_date >= ${options.today}::date and due_date <= ${options.comingDueUntil}::date))::int as coming_due_count,
      coalesce(sum(balance) filter (where balance > 0 and due_date >= ${options.today}::date and due_date <= ${options.comingDueUntil}::date), 0)::text as coming_due_balance,
      (count(*) filter (where balance < 0))::int as credit_count,
      coalesce(sum(balance) filter (where balance < 0), 0)::text as credit_balance,
      (count(*) filter (where dispute_amount > 0))::int as disputed_count,
      coalesce(sum(dispute_amount), 0)::text as disputed_amount
    from invoices
    where customer_id = ${options.customerId}
      and tran_currency_code = ${options.currencyCode}
      and status = 'O'
  `,
  );
  if (!row) throw new Error('aggregate returned no row');
  return row;
}

export type DueInvoiceRow = {
  id: number;
  cust_no: string;
  inv_no: string;
  tran_id: string;
  invoice_date: string;
  due_date: string;
  tran_currency_code: string;
  tran_bal: string;
  balance: string;
  dispute_amount: string;
  payment_pending: boolean;
  paid_amount: string;
  promised_amount: string;
  promise: boolean;
  in_cart: boolean;
};

/** Open invoices that still owe and fall due by `until` (overdue ones included), the earliest first. */
export function findDueInvoices(
  db: Db,
  options: { customerId: number; userId: number; currencyCode: string; until: string; limit: number },
): Promise<DueInvoiceRow[]> {
  return queryRows<DueInvoiceRow>(
    db,
    sql`
    select i.id, i.cust_no, i.inv_no, i.tran_id, i.invoice_date::text as invoice_date, i.due_date::text as due_date,
      i.tran_currency_code, i.tran_bal::text as tran_bal, i.balance::text as balance,
      i.dispute_amount::text as dispute_amount, i.payment_pending, i.paid_amount::text as paid_amount,
      i.promised_amount::text as promised_amount, i.promise,
      exists (
        select 1 from payment_cart_lines l join payment_carts c on c.id = l.cart_id
        where l.invoice_id = i.id and c.user_id = ${options.userId}
          and c.customer_id = ${options.customerId} and c.currency_code = ${options.currencyCode}
      ) as in_cart
    from invoices i
    where i.customer_id = ${options.customerId}
      and i.tran_currency_code = ${options.currencyCode}
      and i.status = 'O' and i.balance > 0 and i.due_date <= ${options.until}::date
    order by i.due_date, i.inv_no
    limit ${options.limit}
  `,
  );
}

export type AgingRow = {
  current_count: number;
  current_amount: string;
  d30_count: number;
  d30_amount: string;
  d60_count: number;
  d60_amount: string;
  d90_count: number;
  d90_amount: string;
  over_count: number;
  over_amount: string;
};

/**
 * Every open item (credits included, so the buckets add up to the open balance) by days past
 * due on `today`: not yet due is current; then 1-30, 31-60, 61-90 and over 90 days.
 */
export async function ageOpenInvoices(
  db: Db,
  options: { customerId: number; currencyCode: string; today: string },
): Promise<AgingRow> {
  const days = sql`(${options.today}::date - due_date)`;
  const [row] = await queryRows<AgingRow>(
    db,
    sql`
    select
      (count(*) filter (where ${days} <= 0))::int as current_count,
      coalesce(sum(balance) filter (where ${days} <= 0), 0)::text as current_amount,
      (count(*) filter (where ${days} between 1 and 30))::int as d30_count,
      coalesce(sum(balance) filter (where ${days} between 1 and 30), 0)::text as d30_amount,
      (count(*) filter (where ${days} between 31 and 60))::int as d60_count,
      coalesce(sum(balance) filter (where ${days} between 31 and 60), 0)::text as d60_amount,
      (count(*) filter (where ${days} between 61 and 90))::int as d90_count,
      coalesce(sum(balance) filter (where ${days} between 61 and 90), 0)::text as d90_amount,
      (count(*) filter (where ${days} > 90))::int as over_count,
      coalesce(sum(balance) filter (where ${days} > 90), 0)::text as over_amount
    from invoices
    where customer_id = ${options.customerId}
      and tran_currency_code = ${options.currencyCode}
      and status = 'O' and balance <> 0
  `,
  );
  if (!row) throw new Error('aggregate returned no row');
  return row;
}

export type PromiseRow = {
  inv_no: string;
  due_date: string;
  next_followup_date: string | null;
  promised_amount: string;
  tran_bal: string;
  tran_currency_code: string;
};

/** Open promised invoices, the nearest follow-up first. */
export function findPromisedInvoices(
  db: Db,
  options: { customerId: number; currencyCode: string; limit: number },
): Promise<PromiseRow[]> {
  return queryRows<PromiseRow>(
    db,
    sql`
    select inv_no, due_date::text as due_date, next_followup_date::text as next_followup_date,
      promised_amount::text as promised_amount, tran_bal::text as tran_bal, tran_currency_code
    from invoices
    where customer_id = ${options.customerId}
      and tran_currency_code = ${options.currencyCode}
      and status = 'O' and promise
    order by next_followup_date nulls last, due_date, inv_no
    limit ${options.limit}
  `,
  );
}
