import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { type DatabaseHandle, queryRows } from '../client';
import { seedDemo } from './seed-demo';

/**
 * A large seed drops the indexes and foreign keys of invoices, lines and extended fields and
 * builds them after; the same seed made both ways must give the same data and the same structure.
 */
let deferred: DatabaseHandle;
let direct: DatabaseHandle;
const today = new Date('2026-11-22T12:00:00Z');
const TABLES = sql`('invoices'::regclass, 'invoice_line_items'::regclass, 'invoice_extended_fields'::regclass)`;

beforeAll(async () => {
  direct = await openTestDatabase();
  deferred = await openTestDatabase();
});
afterAll(async () => {
  await direct.close();
  await deferred.close();
});

/** Each index and foreign key of the three tables: name, definition, validity and identity. */
function structure(database: DatabaseHandle) {
  return queryRows<{ name: string; definition: string; oid: number }>(
    database.db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, i.indexrelid::int as oid
        from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid in ${TABLES}
        union all
        select conname, pg_get_constraintdef(oid) || case when convalidated then '' else ' NOT VALID' end, oid::int
        from pg_constraint where contype = 'f' and conrelid in ${TABLES}
        order by name`,
  );
}

/** A digest of every row of the three tables (but the time of the insert) and of the totals kept by the triggers. */
async function contents(database: DatabaseHandle) {
  const [row] = await queryRows<Record<string, string>>(
    database.db,
    sql`select
      (select count(*)::text || ':' || md5(string_agg((to_jsonb(i) - 'created_at')::text, '|' order by i.id)) from invoices i) as invoices,
      (select count(*)::text || ':' || md5(string_agg((to_jsonb(l) - 'created_at')::text, '|' order by l.id)) from invoice_line_items l) as lines,
      (select count(*)::text || ':' || md5(string_agg((to_jsonb(e) - 'created_at')::text, '|' order by e.id)) from invoice_extended_fields e) as extended,
      (select md5(string_agg(t::text, '|' order by t.customer_id, t.currency_code, t.status)) from invoice_totals t) as totals,
      (select count(*)::text from disputes) as disputes`,
  );
  return row;
}

describe('a seed with deferred indexes and keys', () => {
  it('gives the same rows, totals, indexes and keys as one that keeps them', async () => {
    const before = await structure(deferred);
    await seedDemo(direct.db, { invoices: 1500, seed: 3, today });
    await seedDemo(deferred.db, { invoices: 1500, seed: 3, today, deferIndexesFrom: 1000 });
    const after = await structure(deferred);
    expect(after.map(({ name, definition }) => ({ name, definition }))).toEqual(
      before.map(({ name, definition }) => ({ name, definition })),
    );
    const rebuilt = after.filter((row, index) => row.oid !== before[index]!.oid).map((row) => row.name);
    expect(rebuilt).toEqual(
      expect.arrayContaining([
        'invoices_grid',
        'invoices_trgm_inv_no',
        'extended_fields_invoice',
        'invoice_line_items_invoice_id_invoices_id_fk',
      ]),
    );
    expect(rebuilt).not.toContain('invoices_tenant_tran_id');
    expect(await structure(direct)).toEqual(
      before.map((row) => expect.objectContaining({ name: row.name, definition: row.definition })),
    );
    const [seeded, reference] = [await contents(deferred), await contents(direct)];
    expect(Number(seeded!.invoices!.split(':')[0])).toBeGreaterThanOrEqual(1500);
    expect(seeded).toEqual(reference);
  });
});
