import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { type DatabaseHandle, queryRows } from '../client';
import { seedDemo } from './seed-demo';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, { invoices: 50, seed: 7, today: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => database.close());

describe('the demo payment profiles', () => {
  it('gives demo.full an expired card, a debit card and a bank account on C10001', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select p.profile_type, p.expiry_year, p.account_masked, p.cust_no
          from payment_profiles p join users u on u.id = p.user_id
          where u.login_name = 'demo.full' order by p.id`,
    );
    expect(rows).toEqual([
      { profile_type: 'CREDIT_CARD', expiry_year: 2025, account_masked: null, cust_no: 'C10001' },
      { profile_type: 'DEBIT_CARD', expiry_year: 2029, account_masked: null, cust_no: 'C10001' },
      { profile_type: 'ECHECK', expiry_year: null, account_masked: '********6789', cust_no: 'C10001' },
    ]);
  });
});
