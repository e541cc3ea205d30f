import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { type DatabaseHandle, queryRows } from '../client';
import { seedDemo } from './seed-demo';
import { seedDemoDataIfEmpty } from './seed-if-empty';

let database: DatabaseHandle;
const today = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, { invoices: 1200, seed: 7, today });
});
afterAll(() => database.close());

describe('demo data', () => {
  it('is consistent: balance = amount - paid, closed invoices are settled, lines add up to the amount', async () => {
    const [broken] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from invoices i
          where i.balance <> i.amount - i.paid_amount
             or (i.status = 'C' and i.balance <> 0)
             or i.amount <> (select sum(ext) from invoice_line_items l where l.invoice_id = i.id)`,
    );
    expect(broken!.count).toBe(0);
  });

  it('covers what the portal shows: every currency, credits, overdue, coming due, partial payments, disputes', async () => {
    const [facts] = await queryRows<Record<string, number>>(
      database.db,
      sql`select
        count(distinct tran_currency_code)::int as currencies,
        (count(*) filter (where balance < 0))::int as credits,
        (count(*) filter (where status = 'O' and due_date < '2026-11-22'))::int as overdue,
        (count(*) filter (where status = 'O' and due_date >= '2026-11-22'))::int as coming_due,
        (count(*) filter (where status = 'O' and paid_amount > 0))::int as partial,
        (count(*) filter (where dispute_amount > 0))::int as disputed,
        (count(*) filter (where status = 'C'))::int as closed
      from invoices`,
    );
    expect(facts!.currencies).toBe(4);
    for (const key of ['credits', 'overdue', 'coming_due', 'partial', 'disputed', 'closed']) {
      expect(facts![key], key).toBeGreaterThan(5);
    }
  });

  it('is deterministic: the same seed gives the same invoices', async () => {
    const other = await openTestDatabase();
    try {
      await seedDemo(other.db, { invoices: 1200, seed: 7, today });
      const fingerprint = sql`select md5(string_agg(inv_no || tran_currency_code || balance::text, ',' order by tran_id)) as hash from invoices`;
      const [first] = await queryRows<{ hash: string }>(database.db, fingerprint);
      const [second] = await queryRows<{ hash: string }>(other.db, fingerprint);
      expect(second!.hash).toBe(first!.hash);
    } finally {
      await other.close();
    }
  });

  it('is only generated into an empty database', async () => {
    expect(await seedDemoDataIfEmpty(database.db, { log: () => {} })).toBeNull();
  });
});
