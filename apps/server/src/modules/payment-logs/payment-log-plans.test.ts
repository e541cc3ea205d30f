import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/client';
import { keysetAfter } from '../../lib/grid-paging';
import { buildCustomer, buildTenant } from '../../test/factories';
import {
  genericPlanOf,
  nodes,
  type PlanNode,
  planOf,
  rowSourceOf,
  seeksKeyset,
} from '../../test/query-plans';
import { openTestDatabase } from '../../test/test-database';
import { paymentLogSortKey } from './payment-log-fields';
import {
  keepsPaymentLogPagePlan,
  PAYMENT_LOG_SORTS_WALKING_AN_INDEX,
  type PaymentLogPageOptions,
  type PaymentLogScope,
  paymentDayTotalsQuery,
  paymentLogPageQuery,
} from './payment-logs.repository';

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

describe('the payment log page plan', () => {
  for (const [sort, dir] of [
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
    ['amount', 'asc'],
    ['amount', 'desc'],
  ] as const) {
    it(`walks an index in the grid's order, sorted by ${sort} ${dir}`, async () => {
      expectIndexWalk(await planOf(db, paymentLogPageQuery({ scope, sort, dir, limit: 50, offset: 950 })));
    });
  }

  // A first page runs as a named statement whose one generic plan serves every account
  // (db/kept-plan-query.ts): that plan, made without the account, must still walk the sort's index.
  const SORT_INDEXES: Record<string, string> = {
    createdAt: 'payments_log_grid',
    amount: 'payments_log_amount',
  };
  for (const sort of PAYMENT_LOG_SORTS_WALKING_AN_INDEX) {
    it(`keeps one plan for a first or cursor page sorted by ${sort}: a walk of ${SORT_INDEXES[sort]}, whatever the account`, async () => {
      for (const dir of ['asc', 'desc'] as const) {
        const value = sort === 'createdAt' ? '2026-01-15T10:00:00.000000Z' : '250.00';
        for (const after of [
          undefined,
          keysetAfter(paymentLogSortKey(sort), sql.raw('p.id'), dir, value, 12_345),
        ]) {
          const options: PaymentLogPageOptions = { scope, sort, dir, limit: 50, offset: 0, after };
          expect(keepsPaymentLogPagePlan(options)).toBe(true);
          const plan = await genericPlanOf(db, paymentLogPageQuery(options));
          expectIndexWalk(plan, SORT_INDEXES[sort]);
          expect(seeksKeyset(plan)).toBe(Boolean(after));
        }
      }
    });
  }

  it('sums a range of days from the day aggregates by their key, in the plan kept for every scope', async () => {
    const day = 86_400_000;
    for (const range of [
      {},
      { from: new Date(Date.now() - 30 * day) },
      { from: new Date(Date.now() - 30 * day), to: new Date() },
    ]) {
      const all = nodes(await genericPlanOf(db, paymentDayTotalsQuery({ ...scope, ...range })));
      expect(all.filter((node) => node['Relation Name'] === 'payments')).toEqual([]);
      const onTotals = all.filter((node) => node['Relation Name'] === 'payment_day_totals');
      expect(onTotals.map((node) => node['Node Type'])).toEqual([
        expect.stringMatching(/^Index (Only )?Scan$/),
      ]);
    }
  });

  it('plans at each call a page whose generic plan could read an account in full', () => {
    const first: PaymentLogPageOptions = { scope, sort: 'createdAt', dir: 'desc', limit: 50, offset: 0 };
    expect(keepsPaymentLogPagePlan(first)).toBe(true);
    expect(keepsPaymentLogPagePlan({ ...first, filter: sql`p.status = 'ERROR'` })).toBe(false);
    expect(keepsPaymentLogPagePlan({ ...first, offset: 50 })).toBe(false);
    // A range of days narrows by a column the amount sort's index does not hold.
    expect(keepsPaymentLogPagePlan({ ...first, scope: { ...scope, from: new Date() } })).toBe(false);
  });
});

/** The page's ids come in order from an index: the Limit takes them from a scan, not a sort. */
function expectIndexWalk(plan: PlanNode, index?: string) {
  const all = nodes(plan);
  const onPayments = all.filter((node) => node['Relation Name'] === 'payments');
  expect(onPayments.map((node) => node['Node Type'])).not.toContain('Seq Scan');
  expect(onPayments.map((node) => node['Node Type'])).not.toContain('Bitmap Heap Scan');
  // (only the 50 rows read afterwards are put back in the grid's order)
  const limits = all.filter((node) => node['Node Type'] === 'Limit');
  expect(limits).toHaveLength(1);
  const walk = rowSourceOf(limits[0]!);
  expect(walk?.['Node Type']).toMatch(/^Index (Only )?Scan$/);
  if (index) expect(walk?.['Index Name']).toBe(index);
}
