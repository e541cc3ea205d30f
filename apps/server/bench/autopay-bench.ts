import { sql } from 'drizzle-orm';
import type { AppConfig } from '../src/config';
import { type DatabaseHandle, queryRows } from '../src/db/client';
import { createServices } from '../src/services';
import { buildUser } from '../src/test/factories';

/**
 * Autopay on PostgreSQL (or PGlite): `rules` customers of one payer, each with a saved bank account,
 * an autopay rule and `perRule` invoices due today (10,000 by default), then one run of the job's
 * day (autopayRun.runDay, as the runner calls it): autopayments and invoices paid per second through
 * the exactly-once silent-payment path (payment, lines, holds, activity, settlement, receipt email).
 * A second run of the same day shows what a retry costs (every rule already ran).
 */
export async function benchAutopay(options: {
  database: DatabaseHandle;
  config: AppConfig;
  tenantId: number;
  rules?: number;
  perRule?: number;
}) {
  const { db } = options.database;
  const rules = options.rules ?? 1000;
  const perRule = options.perRule ?? 10;
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  await db.execute(
    sql`insert into customers (tenant_id, cust_no, company, currencies)
        select ${options.tenantId}, 'AP' || lpad(n::text, 6, '0'), 'Autopay bench ' || n, array['USD']
        from generate_series(1, ${rules}) as n`,
  );
  const customers = await queryRows<{ id: number; cust_no: string }>(
    db,
    sql`select id, cust_no from customers where cust_no like 'AP%' and tenant_id = ${options.tenantId} order by id`,
  );
  const user = await buildUser(db, options.tenantId, {
    loginName: 'autopay.bench',
    customers: customers.map((customer) => ({ id: customer.id })),
    overrides: { email: 'autopay.bench@example.com' },
  });
  await db.execute(
    sql`insert into invoices (tenant_id, customer_id, cust_no, inv_no, tran_id, status, invoice_date, due_date,
          tran_currency_code, amount, balance, tran_bal, tran_orig)
        select ${options.tenantId}, c.id, c.cust_no, c.cust_no || '-' || k, c.cust_no || '-T' || k, 'O',
          ${today}::date - 30, ${today}::date, 'USD', 100 + k, 100 + k, 100 + k, 100 + k
        from customers c cross join generate_series(1, ${perRule}) as k
        where c.cust_no like 'AP%' and c.tenant_id = ${options.tenantId}`,
  );
  await db.execute(
    sql`insert into payment_profiles (tenant_id, customer_id, cust_no, user_id, profile_type, alias_name,
          account_masked, routing_num, account_type, name)
        select ${options.tenantId}, c.id, c.cust_no, ${user.id}, 'ECHECK', 'Bench account', '********6789',
          '021000021', 'Checking', 'Bench payer'
        from customers c where c.cust_no like 'AP%' and c.tenant_id = ${options.tenantId}`,
  );
  await db.execute(
    sql`insert into autopay_rules (tenant_id, customer_id, cust_no, user_id, currency_code, payment_profile_id)
        select p.tenant_id, p.customer_id, p.cust_no, p.user_id, 'USD', p.id
        from payment_profiles p where p.user_id = ${user.id}`,
  );
  console.log(
    `autopay: ${rules} rules, ${rules * perRule} invoices due today, set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const services = createServices(db, options.config);
  const now = new Date();
  const t0 = performance.now();
  const outcome = await services.autopayRun.runDay(now);
  const seconds = (performance.now() - t0) / 1000;
  await services.background.drain();
  const [paid] = await queryRows<{ payments: number; lines: number }>(
    db,
    sql`select count(distinct p.id)::int as payments, count(l.id)::int as lines
        from payments p join payment_lines l on l.payment_id = p.id
        where p.user_id = ${user.id} and p.status = 'SUCCESS'`,
  );
  console.log(
    `autopay run: ${JSON.stringify(outcome)} in ${seconds.toFixed(1)} s: ${(paid!.payments / seconds).toFixed(1)} autopayments/s, ${(paid!.lines / seconds).toFixed(0)} invoices/s (${paid!.payments} payments, ${paid!.lines} invoices)`,
  );
  const t1 = performance.now();
  const again = await services.autopayRun.runDay(now);
  console.log(
    `autopay retry of the same day: ${JSON.stringify(again)} in ${((performance.now() - t1) / 1000).toFixed(1)} s (nothing paid twice)`,
  );
}
