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
      'captcha_challenges',
      'courier_messages',
      'currencies',
      'customer_contacts',
      'customers',
      'grid_preferences',
      'invoice_extended_fields',
      'invoice_line_items',
      'invoices',
      'legal_templates',
      'login_throttles',
      'payment_cart_lines',
      'payment_carts',
      'pin_challenges',
      'saved_searches',
      'sessions',
      'tenants',
      'user_customers',
      'user_roles',
      'users',
    ]);
  });

  it('store money as exact numerics and can be applied again without change', async () => {
    const [column] = await queryRows<{ data_type: string; numeric_scale: number }>(
      database.db,
      sql`select data_type, numeric_scale from information_schema.columns where table_name = 'invoices' and column_name = 'balance'`,
    );
    expect(column).toEqual({ data_type: 'numeric', numeric_scale: 2 });
    await database.migrate();
    const [count] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(count!.count).toBeGreaterThanOrEqual(1);
  });
});
