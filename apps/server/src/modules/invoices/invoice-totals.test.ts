import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, queryRows } from '../../db/client';
import { buildCustomer, buildInvoice, buildTenant } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';

// The triggers of migration 0009 keep invoice_totals equal to a recount of the invoices,
// whoever writes them and however (row by row, in bulk, in a transaction that rolls back).

let database: DatabaseHandle;
let db: Db;
let customers: Array<{ id: number; tenantId: number; custNo: string }>;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const tenant = await buildTenant(db);
  customers = [
    await buildCustomer(db, tenant.id, { currencies: ['USD', 'EUR'] }),
    await buildCustomer(db, tenant.id, { currencies: ['USD'] }),
  ];
});
afterAll(() => database.close());

type Group = {
  customer_id: number;
  currency_code: string;
  status: string;
  count: number;
  amount: string;
  balance: string;
  dispute_amount: string;
  paid_amount: string;
};

const KEY = sql.raw('customer_id, currency_code, status');

async function aggregates(): Promise<Group[]> {
  return queryRows<Group>(
    db,
    sql`select ${KEY}, count::int as count, amount::text, balance::text, dispute_amount::text, paid_amount::text
        from invoice_totals order by ${KEY}`,
  );
}

async function recount(): Promise<Group[]> {
  return queryRows<Group>(
    db,
    sql`select customer_id, tran_currency_code as currency_code, status, count(*)::int as count,
          sum(amount)::numeric(20,2)::text as amount, sum(balance)::numeric(20,2)::text as balance,
          sum(dispute_amount)::numeric(20,2)::text as dispute_amount, sum(paid_amount)::numeric(20,2)::text as paid_amount
        from invoices group by 1, 2, 3 order by 1, 2, 3`,
  );
}

async function expectInStep() {
  const kept = await aggregates();
  expect(kept).toEqual(await recount());
  return kept;
}

describe('invoice totals kept by triggers', () => {
  it('follow inserts, one by one and in bulk', async () => {
    const [a, b] = customers as [(typeof customers)[0], (typeof customers)[0]];
    await buildInvoice(db, a, { amount: '100.00' });
    await buildInvoice(db, a, { amount: '50.25', tranCurrencyCode: 'EUR' });
    await buildInvoice(db, b, { amount: '10.00', status: 'C', balance: '0.00', paidAmount: '10.00' });
    await db.execute(sql`
      insert into invoices (tenant_id, customer_id, cust_no, inv_no, tran_id, status, invoice_date, due_date,
        tran_currency_code, amount, balance, tran_bal, tran_orig)
      select ${b.tenantId}, ${b.id}, ${b.custNo}, 'BULK-' || g, 'BT' || g, 'O', current_date, current_date,
        'USD', g, g, g, g
      from generate_series(1, 300) g`);
    const kept = await expectInStep();
    expect(kept.find((group) => group.customer_id === b.id && group.status === 'O')).toMatchObject({
      count: 300,
      amount: '45150.00',
    });
  });

  it('follow a payment, a dispute and a status change, and ignore changes that move no amount', async () => {
    const [a] = customers as [(typeof customers)[0]];
    const invoice = await buildInvoice(db, a, { amount: '80.00' });
    const before = await expectInStep();
    await db.execute(sql`update invoices set promise = true where id = ${invoice.id}`);
    expect(await expectInStep()).toEqual(before);
    await db.execute(
      sql`update invoices set balance = balance - 30, paid_amount = paid_amount + 30 where id = ${invoice.id}`,
    );
    await db.execute(sql`update invoices set dispute_amount = 12.5 where id = ${invoice.id}`);
    await expectInStep();
    await db.execute(
      sql`update invoices set status = 'C', balance = 0 where customer_id = ${a.id} and amount < 60`,
    );
    await expectInStep();
  });

  it('follow deletes, drop emptied groups, and forget what a rolled-back transaction did', async () => {
    const [a, b] = customers as [(typeof customers)[0], (typeof customers)[0]];
    await db.execute(sql`delete from invoices where customer_id = ${a.id} and tran_currency_code = 'EUR'`);
    const kept = await expectInStep();
    expect(kept.some((group) => group.customer_id === a.id && group.currency_code === 'EUR')).toBe(false);
    const before = await aggregates();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update invoices set balance = 0 where customer_id = ${b.id}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await aggregates()).toEqual(before);
    await db.execute(sql`truncate invoices cascade`);
    expect(await aggregates()).toEqual([]);
  });
});
