import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { disputes } from '../../db/schema/disputes';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

// The dispute grid pages as the invoice grid does (lib/grid-paging.ts): by keyset cursor, by
// page number from the nearer end, with its unfiltered totals from the aggregates.

let context: TestContext;
let client: TestClient;
let own: Awaited<ReturnType<typeof buildCustomer>>;
let foreign: Awaited<ReturnType<typeof buildCustomer>>;
let foreignClient: TestClient;
let probNo = 5000;
const INVOICE_DISPUTES = 17;
const CUSTOMER_DISPUTES = 5;
const COUNT = INVOICE_DISPUTES + CUSTOMER_DISPUTES;

/** A dispute written as the integration or an operator would; the triggers do the rest. */
async function addDispute(
  customer: typeof own,
  options: { invoiceId?: number; amount: string; createdAt: Date },
) {
  const [row] = await context.database.db
    .insert(disputes)
    .values({
      tenantId: customer.tenantId,
      customerId: customer.id,
      probNo: ++probNo,
      invoiceId: options.invoiceId ?? null,
      custDispute: options.invoiceId === undefined,
      currencyCode: 'USD',
      style: 'other',
      disputedAmount: options.amount,
      reasonCode: 'PRICE',
      createdByName: 'Pat',
      createdAt: options.createdAt,
    })
    .returning();
  return row!;
}

// Amounts and times repeat (three rows each at most) so that the id breaks ties both ways.
const amountOf = (n: number) => `${10 + ((n * 7) % 6)}.00`;
const timeOf = (n: number) => new Date(Date.UTC(2026, 9, 1 + (n % 8), 12, 0, 0, 123));

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  own = await buildCustomer(db, tenant.id, { company: 'Own Co' });
  foreign = await buildCustomer(db, tenant.id, { company: 'Foreign Co' });
  for (let n = 1; n <= INVOICE_DISPUTES; n++) {
    const invoice = await buildInvoice(db, own, {
      invNo: `INV-${String(n).padStart(3, '0')}`,
      amount: `${100 + (n % 4)}.00`,
      dueDate: `2026-10-${String(1 + (n % 5)).padStart(2, '0')}`,
    });
    await addDispute(own, { invoiceId: invoice.id, amount: amountOf(n), createdAt: timeOf(n) });
  }
  // Customer-level disputes: no invoice, so the invoice's columns are empty (first ascending, last descending).
  for (let n = 1; n <= CUSTOMER_DISPUTES; n++) {
    await addDispute(own, { amount: amountOf(n + 40), createdAt: timeOf(n + 40) });
  }
  // Times that differ below the millisecond: a cursor that kept only milliseconds would skip rows.
  await db.execute(sql`update disputes set created_at = created_at + (id % 3) * interval '1 microsecond'`);
  const secret = await buildInvoice(db, foreign, { invNo: 'INV-SECRET', amount: '999.00' });
  await addDispute(foreign, { invoiceId: secret.id, amount: '99.00', createdAt: timeOf(1) });
  const user = await buildUser(db, tenant.id, { customers: [{ id: own.id }] });
  client = new TestClient(context);
  await client.signIn(user.loginName, TEST_PASSWORD);
  const stranger = await buildUser(db, tenant.id, { customers: [{ id: foreign.id }] });
  foreignClient = new TestClient(context);
  await foreignClient.signIn(stranger.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

type Row = { id: number; probNo: number; invNo: string | null };
type Page = {
  page: number;
  rows: Row[];
  nextCursor: string | null;
  total: number | null;
  totals: { count: number; originalAmount: string; disputedAmount: string } | null;
};

async function page(query: string, as = client): Promise<Page> {
  const response = await as.get(`/disputes?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idsOf = (body: Page) => body.rows.map((row) => row.id);

/** The whole list in the grid's order, as one big page gives it. */
async function wholeList(sort: string, dir: string) {
  return idsOf(await page(`sort=${sort}&dir=${dir}&pageSize=200`));
}

/** Walks the list by cursor, page size 5, until no next cursor; calls `between` after each page. */
async function walkByCursor(query: string, between: (n: number) => Promise<void> = async () => {}) {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let n = 1; n <= 20; n++) {
    const next: Page = await page(`${query}&pageSize=5&page=${n}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(next.page).toBe(n);
    seen.push(...idsOf(next));
    cursor = next.nextCursor;
    if (!cursor) return seen;
    await between(n);
  }
  throw new Error('the cursor walk did not end');
}

describe('dispute grid paging', () => {
  for (const [sort, dir] of [
    ['createdOn', 'desc'],
    ['createdOn', 'asc'],
    ['disputedAmount', 'asc'],
    ['invNo', 'asc'],
    ['invoiceDate', 'desc'],
    ['originalAmount', 'asc'],
    ['probNo', 'desc'],
  ] as const) {
    it(`gives every row once, in order, by page number alone and by cursor (${sort} ${dir})`, async () => {
      const expected = await wholeList(sort, dir);
      expect(expected).toHaveLength(COUNT);
      const byNumber: number[] = [];
      // Pages 3 to 5 of 5 lie past the middle: they are walked from the end.
      for (let n = 1; n <= 5; n++)
        byNumber.push(...idsOf(await page(`sort=${sort}&dir=${dir}&pageSize=5&page=${n}`)));
      expect(byNumber).toEqual(expected);
      expect(await walkByCursor(`sort=${sort}&dir=${dir}`)).toEqual(expected);
      expect((await page(`sort=${sort}&dir=${dir}&pageSize=5&page=6`)).rows).toEqual([]);
    });
  }

  it('walks the whole list by cursor without a gap or a repeat while disputes are added meanwhile', async () => {
    const before = await wholeList('createdOn', 'desc');
    const added: number[] = [];
    const seen = await walkByCursor('sort=createdOn&dir=desc', async (n) => {
      // One newer than all (it lands on a page already read) and one as old as the oldest.
      const invoice = await buildInvoice(context.database.db, own, {
        invNo: `INV-NEW-${n}`,
        amount: '10.00',
      });
      added.push(
        (await addDispute(own, { invoiceId: invoice.id, amount: '1.00', createdAt: new Date() })).id,
      );
      added.push((await addDispute(own, { amount: '1.00', createdAt: new Date(Date.UTC(2020, 0, 1)) })).id);
    });
    expect(new Set(seen).size).toBe(seen.length);
    // Every row there from the start comes once, in its order; of the new ones, only those
    // sorted after the walk's position come (the old ones, at the end).
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    const after = await wholeList('createdOn', 'desc');
    expect(seen).toEqual(after.filter((id) => before.includes(id) || seen.includes(id)));
    expect(seen.filter((id) => added.includes(id)).length).toBeGreaterThan(0);
    await context.database.db.execute(
      sql`delete from disputes where id in ${sql.raw(`(${added.join(',')})`)}`,
    );
    await context.database.db.execute(sql`delete from invoices where inv_no like 'INV-NEW-%'`);
  });

  it("ignores a cursor of another customer's or another list, and refuses one the server did not give", async () => {
    const foreignCursor = (await page('pageSize=1', foreignClient)).nextCursor;
    const otherList = (await page('sort=disputedAmount&dir=asc&pageSize=5')).nextCursor;
    // The foreign customer has one dispute: no next page, so borrow an own cursor for the stranger instead.
    expect(foreignCursor).toBeNull();
    const ownCursor = (await page('pageSize=5')).nextCursor!;
    const strangers = await page(`pageSize=5&page=2&cursor=${ownCursor}`, foreignClient);
    expect(strangers.rows).toEqual([]);
    expect(strangers.total).toBe(1);
    // Another sort's cursor: the page is found by its number, as without the cursor.
    const second = await page(`sort=createdOn&dir=desc&pageSize=5&page=2&cursor=${otherList}`);
    expect(idsOf(second)).toEqual((await wholeList('createdOn', 'desc')).slice(5, 10));
    const bad = expectError(await client.get('/disputes?cursor=not%20a%20cursor'), 400, 'VALIDATION_FAILED');
    expect(bad.fieldErrors).toEqual([
      { field: 'querystring.cursor', message: 'The cursor is not one this list gave' },
    ]);
    expectError(await client.get('/disputes?page=0'), 400, 'VALIDATION_FAILED');
  });

  it('keeps the page number in the contract and the totals the same on every page', async () => {
    const first = await page('pageSize=5');
    const byCursor = await page(`pageSize=5&page=2&cursor=${first.nextCursor}`);
    const far = await page('pageSize=5&page=5');
    expect([first.page, byCursor.page, far.page]).toEqual([1, 2, 5]);
    for (const body of [byCursor, far]) {
      expect(body.total).toBe(COUNT);
      expect(body.totals).toEqual(first.totals);
    }
    expect(far.nextCursor).toBeNull();
  });
});

describe('dispute grid totals', () => {
  async function recount(where = sql`true`) {
    const [row] = await queryRows<{ count: number; original: string; disputed: string }>(
      context.database.db,
      sql`select count(*)::int as count, coalesce(sum(i.amount), 0)::numeric(20,2)::text as original,
            sum(d.disputed_amount)::numeric(20,2)::text as disputed
          from disputes d left join invoices i on i.id = d.invoice_id
          where d.customer_id = ${own.id} and ${where}`,
    );
    return { count: row!.count, originalAmount: row!.original, disputedAmount: row!.disputed };
  }

  it('answers the unfiltered totals from the aggregates the triggers keep, equal to a recount', async () => {
    const [kept] = await queryRows<{ count: number }>(
      context.database.db,
      sql`select sum(count)::int as count from dispute_totals where customer_id = ${own.id}`,
    );
    expect(kept!.count).toBe(COUNT);
    expect((await page('pageSize=5')).totals).toEqual(await recount());
    expect((await page('pageSize=5&custDispute=true')).totals).toEqual(await recount(sql`d.cust_dispute`));
  });

  it("follows a change of a dispute's amount, of its invoice's amount and an invoice's deletion", async () => {
    const { db } = context.database;
    const invoice = await buildInvoice(db, own, { invNo: 'INV-MOVING', amount: '500.00' });
    const dispute = await addDispute(own, { invoiceId: invoice.id, amount: '40.00', createdAt: new Date() });
    await db.execute(sql`update disputes set disputed_amount = 45 where id = ${dispute.id}`);
    await db.execute(sql`update invoices set amount = 650 where id = ${invoice.id}`);
    await db.execute(
      sql`update invoices set inv_no = 'INV-RENAMED', due_date = '2027-01-31' where id = ${invoice.id}`,
    );
    // The grid filters and sorts on the invoice's fields copied onto the dispute: they follow too.
    const renamed = await page(`filter=${encodeURIComponent("invNo eq 'INV-RENAMED'")}`);
    expect(renamed.rows.map((row) => row.id)).toEqual([dispute.id]);
    expect((await page('sort=dueDate&dir=desc&pageSize=1')).rows[0]!.id).toBe(dispute.id);
    const changed = (await page('pageSize=5')).totals!;
    expect(changed).toEqual(await recount());
    expect(changed.count).toBe(COUNT + 1);
    // The invoice's deletion takes its dispute with it (a cascade), and the totals follow.
    await db.execute(sql`delete from invoices where id = ${invoice.id}`);
    expect((await page('pageSize=5')).totals).toEqual(await recount());
    expect((await page('pageSize=5')).total).toBe(COUNT);
  });
});
