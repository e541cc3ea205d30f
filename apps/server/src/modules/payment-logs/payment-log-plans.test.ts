import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/client';
import { buildCustomer, buildTenant } from '../../test/factories';
import { nodes, planOf } from '../../test/query-plans';
import { openTestDatabase } from '../../test/test-database';
import { type PaymentLogScope, paymentLogPageQuery } from './payment-logs.repository';

// The payment log page's plan at scale, read with EXPLAIN on the engine the tests run on: the page's
// ids come from the grid's indexes in the grid's order, never from all of an account's payments
// fetched and sorted (the 200-ms pages of issue 15 at a million payment logs).

const ACCOUNT_ROWS = 20_000;

let database: DatabaseHandle;
let db: Db;
let scope: PaymentLogScope;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const tenant = await buildTenant(db);
  const account = await buildCustomer(db, tenant.id);
  const other = await buildCustomer(db, tenant.id);
  scope = { tenantId: tenant.id, customerId: account.id, currencyCode: 'USD' };
  for (const customer of [account, other]) {
    await db.execute(sql`
      insert into payments (ext_tran_ref_id, tenant_id, customer_id, cust_no, payer_name, currency_code, flow,
        payment_type, method_type, provider, amount, fee, total, status, created_at)
      select 'PLAN-' || ${customer.id} || '-' || g, ${customer.tenantId}, ${customer.id}, ${customer.custNo}, 'Pat',
        'USD', 'on_account', 'CREDIT_CARD', 'CARD', 'sandbox', (g * 7919) % 50000 / 100.0 + 1, 0,
        (g * 7919) % 50000 / 100.0 + 1, case when g % 4 = 0 then 'ERROR' else 'SUCCESS' end,
        now() - make_interval(mins => g * 7)
      from generate_series(1, ${ACCOUNT_ROWS}::int) g`);
  }
  await db.execute(sql`vacuum analyze payments`);
}, 180_000);
afterAll(() => database.close());

const nodesOf = async (query: SQL) => nodes(await planOf(db, query));

describe('the payment log page plan', () => {
  for (const [sort, dir] of [
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
    ['amount', 'asc'],
    ['amount', 'desc'],
  ] as const) {
    it(`walks an index in the grid's order, sorted by ${sort} ${dir}`, async () => {
      const nodes = await nodesOf(paymentLogPageQuery({ scope, sort, dir, limit: 50, offset: 950 }));
      const onPayments = nodes.filter((node) => node['Relation Name'] === 'payments');
      expect(onPayments.map((node) => node['Node Type'])).not.toContain('Seq Scan');
      expect(onPayments.map((node) => node['Node Type'])).not.toContain('Bitmap Heap Scan');
      // The page's ids come in order from the index: the Limit takes them from a scan, not a sort
      // (only the 50 rows read afterwards are put back in the grid's order).
      const limits = nodes.filter((node) => node['Node Type'] === 'Limit');
      expect(limits).toHaveLength(1);
      expect(limits[0]!.Plans?.[0]?.['Node Type']).toMatch(/^Index (Only )?Scan$/);
    });
  }
});
