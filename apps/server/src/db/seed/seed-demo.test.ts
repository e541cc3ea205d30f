import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../../adapters/file-storage/local-file-storage';
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

  it("has disputes that agree with the invoices: each invoice's disputed amount is its disputes' sum, lines too", async () => {
    const [broken] = await queryRows<{ invoices: number; lines: number }>(
      database.db,
      sql`select
        (select count(*)::int from invoices i
          where i.dispute_amount <> coalesce((select sum(d.disputed_amount) from disputes d where d.invoice_id = i.id), 0)) as invoices,
        (select count(*)::int from invoice_line_items l
          where l.disputed_amt <> coalesce((select sum(dl.disputed_amt) from dispute_lines dl where dl.line_item_id = l.id), 0)
             or l.disputed_count <> coalesce((select sum(dl.disputed_count) from dispute_lines dl where dl.line_item_id = l.id), 0)) as lines`,
    );
    expect(broken).toEqual({ invoices: 0, lines: 0 });
  });

  it('covers what the dispute screens show: every status, both styles, customer-level, notes of both sides', async () => {
    const [facts] = await queryRows<Record<string, number>>(
      database.db,
      sql`select
        count(distinct status_code)::int as statuses,
        (count(*) filter (where style = 'artran'))::int as by_line,
        (count(*) filter (where style = 'other' and not cust_dispute))::int as by_amount,
        (count(*) filter (where cust_dispute))::int as customer_level,
        (select count(*)::int from dispute_notes where not exposed) as internal_notes,
        (select count(distinct entered_by)::int from dispute_notes) as note_authors,
        (count(*) filter (where customer_id in (select uc.customer_id from user_customers uc join users u on u.id = uc.user_id where u.login_name = 'demo.limited')))::int as limited_sees
      from disputes`,
    );
    expect(facts!.statuses).toBe(7);
    for (const key of ['by_line', 'by_amount', 'internal_notes', 'limited_sees'])
      expect(facts![key], key).toBeGreaterThan(2);
    expect(facts!.customer_level).toBe(2);
    expect(facts!.note_authors).toBeGreaterThan(3);
  });

  it('is deterministic: the same seed gives the same invoices; with a storage, attachments are real files', async () => {
    const other = await openTestDatabase();
    const folder = mkdtempSync(path.join(tmpdir(), 'settle-seed-'));
    const storage = createLocalFileStorage(folder);
    try {
      await seedDemo(other.db, { invoices: 1200, seed: 7, today, storage });
      const attachments = await queryRows<{ storage_key: string; size: number }>(
        other.db,
        sql`select u.storage_key, u.size::int as size from dispute_attachments a join uploads u on u.id = a.upload_id`,
      );
      expect(attachments.length).toBeGreaterThan(2);
      for (const attachment of attachments)
        expect(statSync(storage.pathOf(attachment.storage_key)).size).toBe(attachment.size);
      const fingerprint = sql`select md5(string_agg(inv_no || tran_currency_code || balance::text || dispute_amount::text, ',' order by tran_id)) as hash from invoices`;
      const disputeFingerprint = sql`select md5(string_agg(prob_no || style || status_code || disputed_amount::text, ',' order by prob_no)) as hash from disputes`;
      for (const query of [fingerprint, disputeFingerprint]) {
        const [first] = await queryRows<{ hash: string }>(database.db, query);
        const [second] = await queryRows<{ hash: string }>(other.db, query);
        expect(second!.hash).toBe(first!.hash);
      }
    } finally {
      await other.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is only generated into an empty database', async () => {
    expect(await seedDemoDataIfEmpty(database.db, { log: () => {} })).toBeNull();
  });
});
