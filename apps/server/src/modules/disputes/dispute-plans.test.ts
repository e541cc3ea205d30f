import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/client';
import { keysetAfter } from '../../lib/grid-paging';
import { buildCustomer, buildTenant } from '../../test/factories';
import { genericPlanOf, indexesOf, nodes, type PlanNode, planOf, seeksKeyset } from '../../test/query-plans';
import { openTestDatabase } from '../../test/test-database';
import { buildFilterWhere } from '../search/filter-helper';
import { disputeFilterFields, disputeSortKey } from './dispute-fields';
import {
  DISPUTE_SORTS_WALKING_AN_INDEX,
  type DisputePageOptions,
  type DisputeScope,
  disputePageQuery,
  keepsDisputePagePlan,
  sumDisputesQuery,
} from './disputes.repository';

// The dispute grid's plans at scale, read with EXPLAIN on the engine the tests run on (PGlite,
// and PostgreSQL in CI), as invoice-plans.test.ts: a plan fails when it reads the disputes
// sequentially or takes all of an account's disputes from an index only to filter or sort them.

const ACCOUNT_ROWS = 20_000;
const OTHER_ROWS = 20_000;

let database: DatabaseHandle;
let db: Db;
let scope: DisputeScope;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const tenant = await buildTenant(db);
  const account = await buildCustomer(db, tenant.id);
  const others = await buildCustomer(db, tenant.id);
  scope = { customerId: account.id, currencyCode: 'USD' };
  for (const [customer, from, count] of [
    [account, 0, ACCOUNT_ROWS],
    [others, ACCOUNT_ROWS, OTHER_ROWS],
  ] as const) {
    await db.execute(sql`
      insert into invoices (tenant_id, customer_id, cust_no, inv_no, tran_id, status, invoice_date, due_date,
        tran_currency_code, amount, balance, tran_bal, tran_orig)
      select ${customer.tenantId}, ${customer.id}, ${customer.custNo}, 'INV-' || lpad(g::text, 8, '0'),
        'T' || g, 'O', current_date - g % 400, current_date - g % 400 + 30,
        'USD', (g * 7919) % 500000 / 100.0 + 1, (g * 7919) % 500000 / 100.0 + 1, 0, 0
      from generate_series(${from + 1}::int, ${from + count}::int) g`);
    // One dispute per invoice, but every tenth one customer-level.
    await db.execute(sql`
      insert into disputes (tenant_id, customer_id, prob_no, invoice_id, cust_dispute, currency_code, style,
        disputed_amount, reason_code, status_code, created_by_name, created_at)
      select ${customer.tenantId}, ${customer.id}, g, case when g % 10 = 0 then null else i.id end, g % 10 = 0,
        'USD', 'other', (g * 7919) % 50000 / 100.0 + 1, (array['PRICE','DAMAGED','LATE'])[1 + g % 3],
        (array['U','I','D','A','C','S','W'])[1 + g % 7], 'Pat', now() - make_interval(mins => g * 7)
      from generate_series(${from + 1}::int, ${from + count}::int) g
      join invoices i on i.inv_no = 'INV-' || lpad(g::text, 8, '0') and i.customer_id = ${customer.id}`);
  }
  await db.execute(sql`vacuum analyze disputes`);
  await db.execute(sql`vacuum analyze invoices`);
}, 180_000);
afterAll(() => database.close());

/** What makes a plan read an account's disputes in full; empty when none. */
function fullReads(plan: PlanNode): string[] {
  const problems: string[] = [];
  for (const node of nodes(plan)) {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'disputes') {
      problems.push('sequential scan of disputes');
    }
    // A bitmap scan whose index condition names only the scope fetches every dispute of the account;
    // one that also names the filtered column (status, reason…) fetches only the matching ones.
    if (node['Node Type'] === 'Bitmap Heap Scan' && node['Relation Name'] === 'disputes') {
      const [child] = node.Plans ?? [];
      const condition = child?.['Index Cond'] ?? '';
      if (!/status_code|reason_code|disputed_amount|prob_no|created_at/.test(condition)) {
        problems.push(`bitmap scan of the account's disputes through ${child?.['Index Name']}`);
      }
    }
    // Every dispute of the account sorted to keep 50.
    if (node['Node Type'] === 'Sort' && nodes(node).some((child) => child['Relation Name'] === 'disputes')) {
      const limitsBelow = nodes(node).filter((child) => child['Node Type'] === 'Limit');
      if (limitsBelow.length === 0) problems.push('sort of the account disputes');
    }
  }
  return problems;
}

const filterOf = (text: string) => buildFilterWhere(text, disputeFilterFields(true));
const page = (
  filter: SQL | undefined,
  more: { offset?: number; sort?: string; dir?: 'asc' | 'desc'; fromEnd?: boolean } = {},
) =>
  disputePageQuery({
    scope,
    filter,
    sort: more.sort ?? 'createdOn',
    dir: more.dir ?? 'desc',
    limit: 50,
    offset: more.offset ?? 0,
    fromEnd: more.fromEnd,
  });

/** The page ids' Limit takes them straight from an index walk: no sort of the account's rows. */
function expectIndexWalk(plan: PlanNode, index?: string) {
  expect(fullReads(plan)).toEqual([]);
  // The page's Limit (the notes tooltip has its own, over a dispute's notes).
  const limits = nodes(plan).filter(
    (node) =>
      node['Node Type'] === 'Limit' && nodes(node).some((child) => child['Relation Name'] === 'disputes'),
  );
  expect(limits.map((limit) => limit.Plans?.[0]?.['Node Type'])).toEqual([
    expect.stringMatching(/^Index (Only )?Scan$/),
  ]);
  if (index) expect(limits[0]!.Plans?.[0]?.['Index Name']).toBe(index);
}

describe('dispute grid query plans at scale', () => {
  it('takes page 1 in the default order (newest first) from the scope index', async () => {
    expectIndexWalk(await planOf(db, page(undefined)), 'disputes_customer_created');
  });

  it('seeks a far page from its cursor, and walks a page without one from the nearer end', async () => {
    const after = keysetAfter(
      disputeSortKey('createdOn'),
      sql.raw('d.id'),
      'desc',
      '2025-06-01T10:00:00.000000Z',
      12_345,
    );
    expectIndexWalk(await planOf(db, page(after)), 'disputes_customer_created');
    expectIndexWalk(await planOf(db, page(undefined, { offset: 2_000, fromEnd: true })));
    expectIndexWalk(await planOf(db, page(undefined, { offset: 9_000 })));
  });

  it('sorts by disputed amount and by number through their composite indexes, cursor pages too', async () => {
    expectIndexWalk(
      await planOf(db, page(undefined, { sort: 'disputedAmount', dir: 'asc' })),
      'disputes_grid_amount',
    );
    const after = keysetAfter(disputeSortKey('disputedAmount'), sql.raw('d.id'), 'asc', '250.00', 12_345);
    expectIndexWalk(
      await planOf(db, page(after, { sort: 'disputedAmount', dir: 'asc' })),
      'disputes_grid_amount',
    );
    expectIndexWalk(
      await planOf(db, page(undefined, { sort: 'probNo', dir: 'desc' })),
      'disputes_grid_prob_no',
    );
  });

  it("sorts by the invoice's number, dates and amount through the disputes' own indexes, empty ones included", async () => {
    for (const [sort, index] of [
      ['invNo', 'disputes_grid_inv_no'],
      ['invoiceDate', 'disputes_grid_invoice_date'],
      ['dueDate', 'disputes_grid_due_date'],
      ['originalAmount', 'disputes_grid_invoice_amount'],
    ] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        expectIndexWalk(await planOf(db, page(undefined, { sort, dir })), index);
      }
    }
    const after = keysetAfter(disputeSortKey('invNo'), sql.raw('d.id'), 'asc', 'INV-00012345', 12_345);
    expectIndexWalk(await planOf(db, page(after, { sort: 'invNo', dir: 'asc' })), 'disputes_grid_inv_no');
  });

  it('takes an enumerated equality filter through its composite index, for the page and the totals', async () => {
    const filter = filterOf("statusCode eq 'A'");
    expectIndexWalk(await planOf(db, page(filter)), 'disputes_grid_status');
    const totals = await planOf(db, sumDisputesQuery({ scope, filter }));
    expect(fullReads(totals)).toEqual([]);
    expect(indexesOf(totals)).toContain('disputes_grid_status');
    const reason = await planOf(db, page(filterOf("reasonCode eq 'LATE'")));
    expectIndexWalk(reason, 'disputes_grid_reason');
  });

  it('answers the unfiltered totals from the aggregates, without reading the disputes', async () => {
    // Planned for the values, and the plan kept for every scope (db/kept-plan-query.ts).
    for (const totals of [
      await planOf(db, sumDisputesQuery({ scope })),
      await genericPlanOf(db, sumDisputesQuery({ scope })),
      await genericPlanOf(db, sumDisputesQuery({ scope: { ...scope, custDispute: false } })),
    ]) {
      expect(nodes(totals).filter((node) => node['Relation Name'] === 'disputes')).toEqual([]);
      expect(nodes(totals).some((node) => node['Relation Name'] === 'dispute_totals')).toBe(true);
    }
  });

  // A first page runs as a named statement whose one generic plan serves every account
  // (db/kept-plan-query.ts): that plan, made without the account, must still walk the sort's index.
  const SORT_INDEXES: Record<string, string> = {
    createdOn: 'disputes_customer_created',
    disputedAmount: 'disputes_grid_amount',
    probNo: 'disputes_grid_prob_no',
    invNo: 'disputes_grid_inv_no',
    invoiceDate: 'disputes_grid_invoice_date',
    dueDate: 'disputes_grid_due_date',
    originalAmount: 'disputes_grid_invoice_amount',
  };
  const CURSOR_VALUES: Record<string, string> = {
    timestamptz: '2025-06-01T10:00:00.000000Z',
    numeric: '250.00',
    integer: '12345',
  };
  for (const sort of DISPUTE_SORTS_WALKING_AN_INDEX) {
    it(`keeps one plan for a first or cursor page sorted by ${sort}: a walk of ${SORT_INDEXES[sort]}, whatever the account`, async () => {
      for (const dir of ['asc', 'desc'] as const) {
        // A cursor page keeps its plan too, on a key that is never empty.
        const key = disputeSortKey(sort);
        const starts = key.nullable
          ? [undefined]
          : [undefined, keysetAfter(key, sql.raw('d.id'), dir, CURSOR_VALUES[key.cast], 12_345)];
        for (const after of starts) {
          for (const custDispute of [undefined, true]) {
            const options: DisputePageOptions = {
              scope: { ...scope, custDispute },
              sort,
              dir,
              limit: 50,
              offset: 0,
              after,
            };
            expect(keepsDisputePagePlan(options)).toBe(true);
            const plan = await genericPlanOf(db, disputePageQuery(options));
            expectIndexWalk(plan, SORT_INDEXES[sort]);
            expect(seeksKeyset(plan)).toBe(Boolean(after));
          }
        }
      }
    });
  }

  it('plans at each call a page whose generic plan could read an account in full', () => {
    const first: DisputePageOptions = { scope, sort: 'createdOn', dir: 'desc', limit: 50, offset: 0 };
    expect(keepsDisputePagePlan(first)).toBe(true);
    expect(keepsDisputePagePlan({ ...first, filter: filterOf("statusCode eq 'A'") })).toBe(false);
    expect(keepsDisputePagePlan({ ...first, offset: 50 })).toBe(false);
    expect(keepsDisputePagePlan({ ...first, scope: { ...scope, invNo: 'INV-00000001' } })).toBe(false);
    expect(keepsDisputePagePlan({ ...first, sort: 'statusCode' })).toBe(false);
    // A keyset start on a key that can be empty is an "or" that no index walk starts from.
    const invNoAfter = keysetAfter(disputeSortKey('invNo'), sql.raw('d.id'), 'desc', 'INV-00012345', 12_345);
    expect(keepsDisputePagePlan({ ...first, sort: 'invNo', after: invNoAfter })).toBe(false);
  });
});
