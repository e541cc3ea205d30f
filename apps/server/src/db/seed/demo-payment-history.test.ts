import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { type DatabaseHandle, queryRows } from '../client';
import { seedDemo } from './seed-demo';

let database: DatabaseHandle;
const today = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, { invoices: 600, seed: 7, today });
});
afterAll(() => database.close());

describe('the demo payment history', () => {
  it('spans a year across methods, currencies and outcomes, every date range filled', async () => {
    const [facts] = await queryRows<Record<string, number | string>>(
      database.db,
      sql`select count(*)::int as payments,
          count(distinct currency_code)::int as currencies,
          count(distinct method_type)::int as methods,
          count(distinct payment_type)::int as types,
          count(distinct status)::int as statuses,
          (count(*) filter (where flow = 'on_account'))::int as on_account,
          (count(*) filter (where fee > 0))::int as with_fees,
          (count(*) filter (where created_at >= '2026-10-23'))::int as last_30,
          (count(*) filter (where created_at < '2026-10-23' and created_at >= '2026-09-23'))::int as days_31_60,
          (count(*) filter (where created_at < '2026-09-23'))::int as over_60,
          (count(*) filter (where created_at < '2025-11-22T12:00:00Z' or created_at > '2026-11-22T12:00:00Z'))::int as outside,
          (count(*) filter (where status = 'PENDING'))::int as pending,
          (count(*) filter (where payment_type = 'ECHECK' and currency_code <> 'USD'))::int as echeck_not_usd,
          (count(*) filter (where total <> amount + fee))::int as bad_totals
        from payments`,
    );
    expect(facts).toMatchObject({
      currencies: 4,
      methods: 4,
      types: 3,
      statuses: 4,
      outside: 0,
      pending: 0,
      echeck_not_usd: 0,
      bad_totals: 0,
    });
    for (const key of ['on_account', 'with_fees', 'last_30', 'days_31_60', 'over_60']) {
      expect(facts![key], key).toBeGreaterThan(5);
    }
  });

  it("pays each invoice payment's lines from the customer's own closed invoices, in its currency", async () => {
    const [broken] = await queryRows<{ count: number; lines: number }>(
      database.db,
      sql`select count(*) filter (where i.customer_id <> p.customer_id or i.tran_currency_code <> p.currency_code
                                   or i.status <> 'C' or l.in_flight)::int as count,
                 count(*)::int as lines
          from payment_lines l join payments p on p.id = l.payment_id join invoices i on i.id = l.invoice_id`,
    );
    expect(broken!.count).toBe(0);
    expect(broken!.lines).toBeGreaterThan(50);
    const [sums] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from payments p
          where p.flow = 'cart' and p.amount <> (select sum(amount) from payment_lines l where l.payment_id = p.id)`,
    );
    expect(sums!.count).toBe(0);
  });
});
