import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildReasonCodes, buildTenant } from '../test/factories';
import { type DatabaseHandle, openDatabase, queryRows } from './client';

// Migration 0029 gives the dispute and payment grids their own groups in invoice_versions and each
// tenant a reasons number, made by triggers from then on. What was written before it has no trigger
// to thank: the migration numbers it itself, or a kept grid answer would have no version to follow.

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const GRID_VERSIONS = '0029_grid_versions';

let folder: string;
let database: DatabaseHandle;

beforeAll(async () => {
  // The committed migrations up to the one before 0029, as a database made before it saw them.
  folder = await mkdtemp(path.join(os.tmpdir(), 'settle-before-0029-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === GRID_VERSIONS);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db as never, { migrationsFolder: folder });
});
afterAll(async () => {
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('migration 0029 on a database with disputes, payments and reason codes', () => {
  it('numbers each of their groups and tenants, and only those', async () => {
    const { db } = database;
    const tenant = await buildTenant(db);
    const quietTenant = await buildTenant(db);
    const customer = await buildCustomer(db, tenant.id, { currencies: ['USD', 'EUR'] });
    await buildCustomer(db, quietTenant.id);
    await buildReasonCodes(db, tenant.id);
    await db.execute(sql`
      insert into disputes (tenant_id, customer_id, prob_no, cust_dispute, currency_code, style,
        disputed_amount, reason_code, created_by_name)
      values (${tenant.id}, ${customer.id}, 1, true, 'USD', 'other', 10, 'PRICE', 'Before 0029')`);
    await db.execute(sql`
      insert into payments (ext_tran_ref_id, tenant_id, customer_id, cust_no, payer_name, currency_code,
        flow, payment_type, method_type, provider, amount, fee, total)
      values ('before-0029', ${tenant.id}, ${customer.id}, ${customer.custNo}, 'Before 0029', 'EUR',
        'on_account', 'CREDIT_CARD', 'CARD', 'sandbox', 10, 0, 10)`);

    await database.migrate();

    const groups = await queryRows<{ group: string; numbered: boolean }>(
      db,
      sql`select currency_code || '/' || status as group, version > 0 and data_version > 0 as numbered
          from invoice_versions where customer_id = ${customer.id} order by 1`,
    );
    expect(groups).toEqual([
      { group: 'EUR/payments', numbered: true },
      { group: 'USD/disputes', numbered: true },
    ]);
    const reasons = await queryRows<{ tenantId: number }>(
      db,
      sql`select tenant_id as "tenantId" from dispute_reason_versions`,
    );
    expect(reasons).toEqual([{ tenantId: tenant.id }]);
  });
});
