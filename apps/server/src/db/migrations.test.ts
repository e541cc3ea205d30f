import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { type DatabaseHandle, queryRows } from './client';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('migrations', () => {
  it('create every table this slice needs', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'account_tokens',
      'activity',
      'announcements',
      'api_keys',
      'autopay_log',
      'autopay_rules',
      'autopay_runs',
      'autopay_skips',
      'captcha_challenges',
      'courier_messages',
      'currencies',
      'customer_contacts',
      'customers',
      'dashboards',
      'dispute_attachments',
      'dispute_lines',
      'dispute_notes',
      'dispute_reason_codes',
      'dispute_reason_versions',
      'dispute_totals',
      'disputes',
      'grid_preferences',
      'idempotency_keys',
      'integration_events',
      'invoice_extended_fields',
      'invoice_line_items',
      'invoice_totals',
      'invoice_version_bumps',
      'invoice_versions',
      'invoices',
      'legal_templates',
      'login_throttles',
      'nacha_file_payments',
      'nacha_files',
      'payment_approval_lines',
      'payment_approval_policies',
      'payment_approvals',
      'payment_cart_lines',
      'payment_carts',
      'payment_configs',
      'payment_day_totals',
      'payment_events',
      'payment_lines',
      'payment_notifications',
      'payment_profiles',
      'payment_provider_settings',
      'payments',
      'pin_challenges',
      'reminder_digests',
      'reminder_settings',
      'saved_searches',
      'scheduled_job_runs',
      'session_factor_state',
      'sessions',
      'statement_deliveries',
      'statement_subscriptions',
      'tenants',
      'uploads',
      'user_customers',
      'user_passkeys',
      'user_recovery_codes',
      'user_roles',
      'user_totp',
      'users',
      'webhook_attempts',
      'webhook_deliveries',
      'webhook_subscriptions',
    ]);
  });

  it('store money as exact numerics', async () => {
    const [column] = await queryRows<{ data_type: string; numeric_scale: number }>(
      database.db,
      sql`select data_type, numeric_scale from information_schema.columns where table_name = 'invoices' and column_name = 'balance'`,
    );
    expect(column).toEqual({ data_type: 'numeric', numeric_scale: 2 });
  });

  it('record each committed migration once, by its file', async () => {
    const journal = readJournal();
    const applied = await appliedMigrations();
    expect(applied.map((row) => row.createdAt)).toEqual(journal.map((entry) => entry.when));
    expect(applied.map((row) => row.hash)).toEqual(journal.map((entry) => entry.hash));
  });

  it('find an up-to-date database with one statement, without running the migrator', async () => {
    let statements = 0;
    database.observeQueries(() => {
      statements += 1;
    });
    await database.migrate();
    expect(statements).toBe(1);
  });

  it('run the migrator when the record lags the journal', async () => {
    const lagging = await openTestDatabase();
    try {
      // The newest record one millisecond older than its journal entry: that migration looks new.
      await lagging.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at - 1
            where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      let statements = 0;
      lagging.observeQueries(() => {
        statements += 1;
      });
      // Applying the newest migration again may fail on what it already created; either way the
      // migrator ran (its own statements follow the check).
      await lagging.migrate().catch(() => undefined);
      expect(statements).toBeGreaterThan(1);
    } finally {
      await lagging.close();
    }
  });

  it('apply none of them again: the record and the schema stay as they were', async () => {
    const applied = await appliedMigrations();
    const schema = await schemaShape();
    await database.migrate();
    expect(await appliedMigrations()).toEqual(applied);
    expect(await schemaShape()).toEqual(schema);
  });
});

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/** The committed migrations in order, with the hash drizzle records for each file. */
function readJournal(): Array<{ tag: string; when: number; hash: string }> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  expect(journal.entries.length).toBeGreaterThan(0);
  return journal.entries.map(({ tag, when }) => ({
    tag,
    when,
    hash: createHash('sha256')
      .update(readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8'))
      .digest('hex'),
  }));
}

async function appliedMigrations() {
  const rows = await queryRows<{ id: number; hash: string; created_at: string }>(
    database.db,
    sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((row) => ({ id: row.id, hash: row.hash, createdAt: Number(row.created_at) }));
}

/** Every column, constraint and index of the public schema. */
async function schemaShape() {
  const columns = await queryRows(
    database.db,
    sql`select table_name, column_name, data_type, is_nullable, column_default
        from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
  );
  const constraints = await queryRows(
    database.db,
    sql`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
        from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
  );
  const indexes = await queryRows(
    database.db,
    sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(0);
  return { columns, constraints, indexes };
}
