import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../db/client';
import { buildCustomer, buildTenant } from '../../test/factories';
import { genericPlanOf, indexesOf, nodes, type PlanNode, planOf, seeksKeyset } from '../../test/query-plans';
import { openTestDatabase } from '../../test/test-database';
import { buildFilterWhere } from '../search/filter-helper';
import { EXPORT_BATCH_SIZE, keysetAfter } from './invoice-batches';
import { INVOICE_FIELDS } from './invoice-fields';
import {
  INVOICE_SORTS_WALKING_AN_INDEX,
  type InvoicePageOptions,
  type InvoiceScope,
  invoicePageQuery,
  keepsInvoicePagePlan,
  sumInvoicesQuery,
} from './invoices.repository';

// The plans the grid's queries get at scale, read with EXPLAIN on the engine the tests run on
// (PGlite, and PostgreSQL in CI). A plan fails when it reads the invoices sequentially or takes
// the whole account from an index only to filter it: the shape of the 2-second pages of issue 15.

const ACCOUNT_ROWS = 30_000;
const OTHER_ROWS = 30_000;
const RARE_TERM_ROWS = 20;

let database: DatabaseHandle;
let db: Db;
let scope: InvoiceScope;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const tenant = await buildTenant(db);
  const account = await buildCustomer(db, tenant.id);
  const others = await buildCustomer(db, tenant.id);
  scope = { customerId: account.id, currencyCode: 'USD', status: 'O', userId: 0 };
  // Shaped like the bench's bulk invoices: PO numbers over 9,973 values, three terms.
  for (const [customer, from, count] of [
    [account, 0, ACCOUNT_ROWS],
    [others, ACCOUNT_ROWS, OTHER_ROWS],
  ] as const) {
    await db.execute(sql`
      insert into invoices (tenant_id, customer_id, cust_no, inv_no, tran_id, status, invoice_date, due_date,
        tran_currency_code, amount, balance, tran_bal, tran_orig, po_number, terms)
      select ${customer.tenantId}, ${customer.id}, ${customer.custNo}, 'INV-' || lpad(g::text, 8, '0'),
        'T' || g, case when g % 3 = 0 then 'C' else 'O' end, current_date - g % 400, current_date - g % 400 + 30,
        'USD', (g * 7919) % 500000 / 100.0 + 1, (g * 7919) % 500000 / 100.0 + 1, 0, 0,
        'PO-' || (g % 9973), (array['Net 30','Net 45','Net 60'])[1 + g % 3]
      from generate_series(${from + 1}::int, ${from + count}::int) g`);
  }
  // Skewed as ledgers are: a term common in the ledger (in another account) but rare in this one,
  // and a few promised invoices.
  for (const [customer, from, count] of [
    [account, 100_000, RARE_TERM_ROWS],
    [others, 200_000, 20_000],
  ] as const) {
    await db.execute(sql`
      insert into invoices (tenant_id, customer_id, cust_no, inv_no, tran_id, status, invoice_date, due_date,
        tran_currency_code, amount, balance, tran_bal, tran_orig, po_number, terms)
      select ${customer.tenantId}, ${customer.id}, ${customer.custNo}, 'INV-' || lpad(g::text, 8, '0'),
        'T' || g, 'O', current_date - g % 400, current_date - g % 400 + 30,
        'USD', g % 5000 + 1, g % 5000 + 1, 0, 0, 'PO-' || (g % 9973), 'Net 10'
      from generate_series(${from + 1}::int, ${from + count}::int) g`);
  }
  await db.execute(sql`
    update invoices set promise = true, promised_amount = balance, next_followup_date = current_date + 7
    where customer_id = ${account.id} and status = 'O' and id % 2000 = 0`);
  await db.execute(sql`vacuum analyze invoices`);
}, 180_000);
afterAll(() => database.close());

/** What makes a plan read an account's invoices in full; empty when none. */
function fullReads(plan: PlanNode): string[] {
  const problems: string[] = [];
  for (const node of nodes(plan)) {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'invoices') {
      problems.push('sequential scan of invoices');
    }
    // A bitmap heap scan fed by one scope index alone fetches every invoice of the account.
    if (node['Node Type'] === 'Bitmap Heap Scan' && node['Relation Name'] === 'invoices') {
      const [child] = node.Plans ?? [];
      if (child?.['Node Type'] === 'Bitmap Index Scan' && !child['Index Name']?.includes('trgm')) {
        problems.push(`full bitmap scan of the account through ${child['Index Name']}`);
      }
    }
  }
  return problems;
}

const filterOf = (text: string) => buildFilterWhere(text, INVOICE_FIELDS);
const page = (filter: SQL | undefined, more: { offset?: number; sort?: string; fromEnd?: boolean } = {}) =>
  invoicePageQuery({
    scope,
    filter,
    sort: more.sort ?? 'dueDate',
    dir: 'asc',
    limit: 50,
    offset: more.offset ?? 0,
    fromEnd: more.fromEnd,
  });

describe('grid query plans at scale', () => {
  for (const text of [
    "substringof('PO-5',poNumber)",
    "startswith(invNo,'INV-0001')",
    "endswith(tranId,'777')",
  ]) {
    it(`finds ${text} through a trigram index, for the totals and the page`, async () => {
      const totals = await planOf(db, sumInvoicesQuery({ scope, filter: filterOf(text) }));
      expect(fullReads(totals)).toEqual([]);
      // The account's entries only: the scope is inside the trigram index (migration 0026).
      const trigramScans = nodes(totals).filter((node) => node['Index Name']?.startsWith('invoices_trgm_'));
      expect(trigramScans.length).toBeGreaterThan(0);
      for (const scan of trigramScans) expect(scan['Index Cond']).toContain('customer_id');
      expect(fullReads(await planOf(db, page(filterOf(text))))).toEqual([]);
    });
  }

  it("pages and totals the issue's 5-term filter without reading the account in full", async () => {
    const filter = filterOf(
      "amount ge 100 and amount le 40000 and balance gt 0 and substringof('PO-5',poNumber) and terms eq 'Net 30'",
    );
    // Narrowed by the trigram or the terms index, not by an amount range that keeps most rows.
    const narrowing = (name: string) => name.startsWith('invoices_trgm_') || name === 'invoices_grid_terms';
    for (const plan of [
      await planOf(db, sumInvoicesQuery({ scope, filter })),
      await planOf(db, page(filter)),
    ]) {
      expect(fullReads(plan)).toEqual([]);
      expect(indexesOf(plan).some(narrowing)).toBe(true);
    }
  });

  it('takes an enumerated equality filter through its composite index', async () => {
    const plan = await planOf(db, page(filterOf("terms eq 'Net 45'")));
    expect(fullReads(plan)).toEqual([]);
    expect(indexesOf(plan)).toContain('invoices_grid_terms');
  });

  // A sort index walked with the filter applied row by row reads the whole account when the
  // filter's rows are rare in it: the planner must know they are (statistics of migration 0024).
  for (const sort of ['amount', 'invoiceDate', 'invNo', 'balance']) {
    it(`finds a term rare in the account but common in the ledger through the terms index, sorted by ${sort}`, async () => {
      const plan = await planOf(db, page(filterOf("terms eq 'Net 10'"), { sort }));
      expect(fullReads(plan)).toEqual([]);
      expect(indexesOf(plan)).toContain('invoices_grid_terms');
    });
  }

  for (const [text, index] of [
    ['promise eq true', 'invoices_grid_promised'],
    ['paymentPending eq true', 'invoices_grid_payment_pending'],
    ['disputeAmount gt 0', 'invoices_grid_disputed'],
  ] as const) {
    it(`finds the few invoices of ${text} through ${index}, for the totals and the page`, async () => {
      for (const plan of [
        await planOf(db, sumInvoicesQuery({ scope, filter: filterOf(text) })),
        await planOf(db, page(filterOf(text), { sort: 'amount' })),
      ]) {
        expect(fullReads(plan)).toEqual([]);
        expect(indexesOf(plan)).toContain(index);
      }
    });
  }

  it('chooses a deep page from the index alone, walking from the nearer end', async () => {
    for (const query of [
      page(undefined, { offset: 15_000 }),
      page(undefined, { offset: 2_000, fromEnd: true }),
    ]) {
      const plan = await planOf(db, query);
      expect(fullReads(plan)).toEqual([]);
      // The page's ids: a limit straight over an index walk, no sort of the account's rows.
      const limits = nodes(plan).filter((node) => node['Node Type'] === 'Limit');
      expect(limits.map((limit) => limit.Plans?.[0]?.['Node Type'])).toEqual(['Index Only Scan']);
    }
  });

  // A first page runs as a named statement whose one generic plan serves every account
  // (db/kept-plan-query.ts): that plan, made without the account, must still walk the sort's index.
  const SORT_INDEXES: Record<string, string> = {
    dueDate: 'invoices_grid',
    amount: 'invoices_grid_amount',
    balance: 'invoices_grid_balance',
    invNo: 'invoices_grid_inv_no',
    invoiceDate: 'invoices_grid_invoice_date',
  };
  const CURSOR_VALUES: Record<string, string> = {
    dueDate: '2026-01-15',
    amount: '2500.00',
    balance: '2500.00',
    invNo: 'INV-00012345',
    invoiceDate: '2025-12-16',
  };
  for (const sort of INVOICE_SORTS_WALKING_AN_INDEX) {
    it(`keeps one plan for a first or cursor page sorted by ${sort}: a walk of ${SORT_INDEXES[sort]}, whatever the account`, async () => {
      for (const dir of ['asc', 'desc'] as const) {
        for (const [withScopeTotals, after] of [
          [false, undefined],
          [true, undefined],
          [false, keysetAfter(sort, dir, CURSOR_VALUES[sort], 12_345)],
          [true, keysetAfter(sort, dir, CURSOR_VALUES[sort], 12_345)],
        ] as const) {
          const options: InvoicePageOptions = {
            scope,
            sort,
            dir,
            limit: 50,
            offset: 0,
            withScopeTotals,
            after,
          };
          expect(keepsInvoicePagePlan(options)).toBe(true);
          const plan = await genericPlanOf(db, invoicePageQuery(options));
          expect(fullReads(plan)).toEqual([]);
          const limits = nodes(plan).filter((node) => node['Node Type'] === 'Limit');
          expect(limits.map((limit) => limit.Plans?.[0]?.['Index Name'])).toEqual([SORT_INDEXES[sort]]);
          // A cursor page seeks its start in the index rather than reading from the first row.
          expect(seeksKeyset(plan)).toBe(Boolean(after));
        }
      }
    });
  }

  it('plans at each call a page whose generic plan could read an account in full', () => {
    const first: InvoicePageOptions = { scope, sort: 'dueDate', dir: 'asc', limit: 50, offset: 0 };
    expect(keepsInvoicePagePlan(first)).toBe(true);
    expect(keepsInvoicePagePlan({ ...first, filter: filterOf("terms eq 'Net 10'") })).toBe(false);
    expect(keepsInvoicePagePlan({ ...first, offset: 50 })).toBe(false);
    // A last page cut short, an export's remainder, a page walked from the end: not the usual statements.
    expect(keepsInvoicePagePlan({ ...first, limit: 37 })).toBe(false);
    expect(keepsInvoicePagePlan({ ...first, fromEnd: true })).toBe(false);
    expect(keepsInvoicePagePlan({ ...first, limit: EXPORT_BATCH_SIZE })).toBe(true);
    const after = keysetAfter('dueDate', 'asc', '2026-01-15', 12_345);
    expect(keepsInvoicePagePlan({ ...first, after })).toBe(true);
    expect(keepsInvoicePagePlan({ ...first, after, filter: filterOf("terms eq 'Net 10'") })).toBe(false);
    // No index gives the invoices in PO number order: a generic plan might read them all.
    expect(keepsInvoicePagePlan({ ...first, sort: 'poNumber' })).toBe(false);
  });
});
