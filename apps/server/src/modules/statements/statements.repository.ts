import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { statementDeliveries, statementSubscriptions } from '../../db/schema/notices';

export type StatementItemRow = {
  inv_no: string;
  invoice_date: string;
  due_date: string;
  amount: string;
  balance: string;
  days_past_due: number;
};

/** Every open item of the customer in one currency that owes or is owed, the oldest due first. */
export function findOpenItems(
  db: Db,
  scope: { customerId: number; currencyCode: string; today: string },
): Promise<StatementItemRow[]> {
  return queryRows<StatementItemRow>(
    db,
    sql`select inv_no, invoice_date::text as invoice_date, due_date::text as due_date,
          amount::text as amount, balance::text as balance,
          (${scope.today}::date - due_date)::int as days_past_due
        from invoices
        where customer_id = ${scope.customerId} and tran_currency_code = ${scope.currencyCode}
          and status = 'O' and balance <> 0
        order by due_date, inv_no`,
  );
}

export type StatementPaymentRow = {
  id: number;
  settled_on: string;
  reference: string;
  payment_type: string;
  amount: string;
};

/** The customer's successful payments in one currency settled from `from` to `to` (UTC days). */
export function findSettledPayments(
  db: Db,
  scope: { customerId: number; currencyCode: string; from: string; to: string },
): Promise<StatementPaymentRow[]> {
  return queryRows<StatementPaymentRow>(
    db,
    sql`select id, to_char(settled_at at time zone 'UTC', 'YYYY-MM-DD') as settled_on,
          coalesce(tracking_no, ext_tran_ref_id) as reference, payment_type, amount::text as amount
        from payments
        where customer_id = ${scope.customerId} and currency_code = ${scope.currencyCode}
          and status = 'SUCCESS' and settled_at is not null
          and (settled_at at time zone 'UTC')::date between ${scope.from}::date and ${scope.to}::date
        order by settled_at, id`,
  );
}

export async function findSubscriptions(db: Db, userId: number) {
  return queryRows<{ cust_no: string; currency_code: string }>(
    db,
    sql`select c.cust_no, s.currency_code
        from statement_subscriptions s join customers c on c.id = s.customer_id
        where s.user_id = ${userId}
        order by c.cust_no, s.currency_code`,
  );
}

export async function subscribe(
  db: Db,
  row: { userId: number; tenantId: number; customerId: number; currencyCode: string },
): Promise<void> {
  await db.insert(statementSubscriptions).values(row).onConflictDoNothing();
}

export async function unsubscribe(
  db: Db,
  row: { userId: number; customerId: number; currencyCode: string },
): Promise<void> {
  await db
    .delete(statementSubscriptions)
    .where(
      and(
        eq(statementSubscriptions.userId, row.userId),
        eq(statementSubscriptions.customerId, row.customerId),
        eq(statementSubscriptions.currencyCode, row.currencyCode),
      ),
    );
}

export type SubscriberRow = {
  user_id: number;
  tenant_id: number;
  email: string;
  first_name: string;
  language: string;
  locale_for_formatting: string;
  timezone: string;
  customer_id: number;
  cust_no: string;
  company: string;
  currency_code: string;
  app_name: string;
  tenant_name: string;
};

/**
 * Subscriptions still due for `period`: the user is active with an email address, still linked
 * to the customer, and has no delivery of that period yet.
 */
export function findDueSubscribers(db: Db, period: string): Promise<SubscriberRow[]> {
  return queryRows<SubscriberRow>(
    db,
    sql`select u.id as user_id, u.tenant_id, u.email, u.first_name, u.language, u.locale_for_formatting,
          u.timezone, c.id as customer_id, c.cust_no, c.company, s.currency_code, coalesce(nullif(t.app_header_name, ''), t.name) as app_name, t.name as tenant_name
        from statement_subscriptions s
        join users u on u.id = s.user_id and u.active and u.email <> ''
        join user_customers uc on uc.user_id = s.user_id and uc.customer_id = s.customer_id
        join customers c on c.id = s.customer_id
        join tenants t on t.id = u.tenant_id
        where not exists (
          select 1 from statement_deliveries d
          where d.user_id = s.user_id and d.customer_id = s.customer_id
            and d.currency_code = s.currency_code and d.period = ${period}
        )
        order by s.user_id, c.cust_no, s.currency_code`,
  );
}

/** Takes the once-only mark of a delivery; false when another run (or process) has it already. */
export async function claimDelivery(
  db: Db,
  row: { userId: number; customerId: number; currencyCode: string; period: string },
): Promise<boolean> {
  const claimed = await db
    .insert(statementDeliveries)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: statementDeliveries.userId });
  return claimed.length === 1;
}

/** Gives the mark back when the email could not be handed over, so that a retry sends it. */
export async function releaseDelivery(
  db: Db,
  row: { userId: number; customerId: number; currencyCode: string; period: string },
): Promise<void> {
  await db
    .delete(statementDeliveries)
    .where(
      and(
        eq(statementDeliveries.userId, row.userId),
        eq(statementDeliveries.customerId, row.customerId),
        eq(statementDeliveries.currencyCode, row.currencyCode),
        eq(statementDeliveries.period, row.period),
      ),
    );
}

/** The seller's name printed on a statement. */
export async function findTenantName(db: Db, tenantId: number): Promise<string> {
  const rows = await queryRows<{ name: string }>(db, sql`select name from tenants where id = ${tenantId}`);
  return rows[0]?.name ?? '';
}
