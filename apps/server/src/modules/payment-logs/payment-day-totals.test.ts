import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { buildCustomer, buildTenant } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { buildPayment } from './payment-log-factories';
import { readPaymentDayTotals, sumPaymentLogs } from './payment-logs.repository';

// The payment log grid's unfiltered totals come from payment_day_totals (migration 0020), kept by
// triggers on payments: they must equal a count of the payments for every range, whatever writes.

let database: DatabaseHandle;
let customer: Awaited<ReturnType<typeof buildCustomer>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const tenant = await buildTenant(database.db, { isDefault: true });
  customer = await buildCustomer(database.db, tenant.id);
});
afterAll(() => database.close());

const scope = (range: { from?: string; to?: string } = {}) => ({
  tenantId: customer.tenantId,
  customerId: customer.id,
  currencyCode: 'USD',
  ...(range.from ? { from: new Date(range.from) } : {}),
  ...(range.to ? { to: new Date(range.to) } : {}),
});

/** The same totals counted from the payments themselves. */
async function recount(range: { from?: string; to?: string } = {}) {
  const [row] = await queryRows<{ count: number; succeeded_count: number; succeeded_total: string }>(
    database.db,
    sql`select count(*)::int as count, count(*) filter (where status = 'SUCCESS')::int as succeeded_count,
          coalesce(sum(total) filter (where status = 'SUCCESS'), 0)::text as succeeded_total
        from payments where customer_id = ${customer.id} and currency_code = 'USD'
          and (${range.from ?? null}::timestamptz is null or created_at >= ${range.from ?? null}::timestamptz)
          and (${range.to ?? null}::timestamptz is null or created_at < ${range.to ?? null}::timestamptz)`,
  );
  return row!;
}

const ranges = [
  {},
  { from: '2026-05-16T00:00:00Z' },
  { from: '2026-04-16T00:00:00Z', to: '2026-05-16T00:00:00Z' },
  { to: '2026-04-16T00:00:00Z' },
];

describe('payment log totals from the per-day aggregates', () => {
  it('equal a count of the payments for each date range, through inserts, a status change and deletes', async () => {
    const { db } = database;
    const made = [];
    for (const [iso, status, amount] of [
      ['2026-06-15T08:00:00Z', 'SUCCESS', '10.25'],
      ['2026-05-16T00:00:00Z', 'PENDING', '20.00'],
      ['2026-05-15T23:59:59Z', 'SUCCESS', '30.50'],
      ['2026-04-16T00:00:00Z', 'ERROR', '40.00'],
      ['2026-04-15T23:59:00Z', 'SUCCESS', '50.00'],
      ['2025-07-01T12:00:00Z', 'SUCCESS', '60.00'],
    ] as const) {
      made.push(await buildPayment(db, customer, { createdAt: new Date(iso), status, amount, fee: '1.00' }));
    }
    // Another currency is another group.
    await buildPayment(db, customer, { createdAt: new Date('2026-06-15T09:00:00Z'), currencyCode: 'EUR' });
    const check = async () => {
      for (const range of ranges) {
        const counted = await recount(range);
        expect(await readPaymentDayTotals(db, scope(range))).toEqual(counted);
        expect(await sumPaymentLogs(db, { scope: scope(range) })).toEqual(counted);
      }
    };
    await check();
    expect(await readPaymentDayTotals(db, scope())).toEqual({
      count: 6,
      succeeded_count: 4,
      succeeded_total: '154.75',
    });

    await db.update(payments).set({ status: 'SUCCESS' }).where(eq(payments.id, made[1]!.id));
    await check();
    expect((await readPaymentDayTotals(db, scope({ from: '2026-05-16T00:00:00Z' }))).succeeded_count).toBe(2);

    await db.delete(payments).where(eq(payments.id, made[5]!.id));
    await check();
    // The emptied day is gone rather than kept at zero.
    const [left] = await queryRows<{ days: number }>(
      db,
      sql`select count(*)::int as days from payment_day_totals where customer_id = ${customer.id} and day = '2025-07-01'`,
    );
    expect(left!.days).toBe(0);
  });

  it('answers the unfiltered totals from the aggregates, not from the payments', async () => {
    const { db } = database;
    const before = await sumPaymentLogs(db, { scope: scope() });
    // An aggregate changed behind the triggers' back shows in the answer: it is what is read.
    await db.execute(
      sql`update payment_day_totals set count = count + 1000 where customer_id = ${customer.id} and currency_code = 'USD' and day = '2026-06-15'`,
    );
    expect((await sumPaymentLogs(db, { scope: scope() })).count).toBe(before.count + 1000);
    await db.execute(
      sql`update payment_day_totals set count = count - 1000 where customer_id = ${customer.id} and currency_code = 'USD' and day = '2026-06-15'`,
    );
  });
});
