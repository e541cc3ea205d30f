import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import {
  createTestApp,
  EVERY_CALL_READS_ITS_SESSION,
  TestClient,
  type TestContext,
} from '../../test/test-app';

let context: TestContext;
let client: TestClient;
let foreignCustNo = '';
const COUNT = 23;

// Amounts repeat (every value three times at most) so that the id breaks ties in both directions.
const amountOf = (n: number) => `${(n * 7) % 10}0.00`;

beforeAll(async () => {
  context = await createTestApp({}, undefined, EVERY_CALL_READS_ITS_SESSION);
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const own = await buildCustomer(db, tenant.id, { company: 'Own Co' });
  const foreign = await buildCustomer(db, tenant.id, { company: 'Foreign Co' });
  foreignCustNo = foreign.custNo;
  const user = await buildUser(db, tenant.id, { customers: [{ id: own.id }] });
  for (let n = 1; n <= COUNT; n++) {
    await buildInvoice(db, own, {
      invNo: `INV-${String(n).padStart(3, '0')}`,
      amount: amountOf(n),
      dueDate: `2026-10-${String(1 + (n % 9)).padStart(2, '0')}`,
      poNumber: n % 4 === 0 ? 'PO-ACME' : 'PO-OTHER',
    });
  }
  await buildInvoice(db, foreign, { invNo: 'INV-SECRET', amount: '999.00', poNumber: 'PO-ACME' });
  client = new TestClient(context);
  await client.signIn(user.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

type Row = { id: number; invNo: string; amount: string; dueDate: string };
type Page = { rows: Row[]; nextCursor: string | null; total: number | null; totals: unknown };

async function page(query: string): Promise<Page> {
  const response = await client.get(`/invoices?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The whole list in the grid's order, as one big page gives it. */
async function wholeList(sort: string, dir: string) {
  return (await page(`sort=${sort}&dir=${dir}&pageSize=200`)).rows.map((row) => row.invNo);
}

describe('grid paging', () => {
  for (const [sort, dir] of [
    ['amount', 'asc'],
    ['amount', 'desc'],
    ['dueDate', 'desc'],
    ['invNo', 'asc'],
  ] as const) {
    it(`gives every row once, in order, by page number alone and by cursor (${sort} ${dir})`, async () => {
      const expected = await wholeList(sort, dir);
      expect(expected).toHaveLength(COUNT);
      const byNumber: string[] = [];
      const byCursor: string[] = [];
      let cursor: string | null = null;
      for (let n = 1; n <= 5; n++) {
        // Pages 4 and 5 of 5 lie past the middle: they are walked from the end.
        byNumber.push(
          ...(await page(`sort=${sort}&dir=${dir}&pageSize=5&page=${n}`)).rows.map((r) => r.invNo),
        );
        const next: Page = await page(
          `sort=${sort}&dir=${dir}&pageSize=5&page=${n}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        byCursor.push(...next.rows.map((row) => row.invNo));
        cursor = next.nextCursor;
        if (n < 5) expect(cursor).toEqual(expect.any(String));
      }
      expect(byNumber).toEqual(expected);
      expect(byCursor).toEqual(expected);
      // The last page has no next one.
      expect(cursor).toBeNull();
      expect((await page(`sort=${sort}&dir=${dir}&pageSize=5&page=6`)).rows).toEqual([]);
    });
  }

  it('seeks from the cursor, and ignores one made for another sort or page', async () => {
    const first = await page('sort=amount&dir=asc&pageSize=5&page=1');
    const expected = (await wholeList('amount', 'asc')).slice(5, 10);
    const second = await page(`sort=amount&dir=asc&pageSize=5&page=2&cursor=${first.nextCursor}`);
    expect(second.rows.map((row) => row.invNo)).toEqual(expected);
    // The same cursor with page 3, or with another sort, is not trusted: the page is found by its number.
    const third = await page(`sort=amount&dir=asc&pageSize=5&page=3&cursor=${first.nextCursor}`);
    expect(third.rows.map((row) => row.invNo)).toEqual((await wholeList('amount', 'asc')).slice(10, 15));
    const otherSort = await page(`sort=invNo&dir=asc&pageSize=5&page=2&cursor=${first.nextCursor}`);
    expect(otherSort.rows.map((row) => row.invNo)).toEqual((await wholeList('invNo', 'asc')).slice(5, 10));
    // A forged cursor with a value its sort cannot take is ignored too, not a database error.
    const forged = Buffer.from(
      JSON.stringify({ l: 'x', p: 2, v: "1'; drop table invoices; --", i: 1 }),
    ).toString('base64url');
    expect((await page(`sort=amount&dir=asc&pageSize=5&page=2&cursor=${forged}`)).rows).toHaveLength(5);
  });

  it('refuses a cursor that is not one the list gave, and changes nothing', async () => {
    const bad = expectError(await client.get('/invoices?cursor=not%20a%20cursor'), 400, 'VALIDATION_FAILED');
    expect(bad.fieldErrors).toEqual([
      { field: 'querystring.cursor', message: 'The cursor is not one this list gave' },
    ]);
    expectError(await client.get('/invoices?totals=later'), 400, 'VALIDATION_FAILED');
  });
});

describe('grid totals', () => {
  const filter = encodeURIComponent("substringof('ACME',poNumber)");
  const acme = { count: 5, amount: '200.00' }; // n = 4, 8, 12, 16, 20: amounts 80, 60, 40, 20, 0

  it('answers the unfiltered totals from the aggregates, equal to a count of the rows', async () => {
    const body = await page('pageSize=5');
    const [recount] = await queryRows<{ count: number; amount: string }>(
      context.database.db,
      sql`select count(*)::int as count, sum(amount)::text as amount from invoices i
          join customers c on c.id = i.customer_id where c.company = 'Own Co' and i.status = 'O'`,
    );
    expect(body.total).toBe(COUNT);
    expect(body.totals).toMatchObject({ count: recount!.count, amount: recount!.amount });
  });

  it('gives the same totals on page 1, on a cursor page, on a far page and past the end', async () => {
    const first = await page('pageSize=5&sort=amount');
    const byCursor = await page(`pageSize=5&sort=amount&page=2&cursor=${first.nextCursor}`);
    const far = await page('pageSize=5&sort=amount&page=5');
    const past = await page('pageSize=5&sort=amount&page=9');
    for (const body of [byCursor, far, past]) {
      expect(body.total).toBe(COUNT);
      expect(body.totals).toEqual(first.totals);
    }
    expect(past.rows).toEqual([]);
  });

  it('answers an unfiltered page 1 and a cursor page in three statements: session, customer, page with its totals', async () => {
    let statements = 0;
    context.database.observeQueries(() => statements++);
    const first = await page('pageSize=5&sort=dueDate');
    const afterFirst = statements;
    await page(`pageSize=5&sort=dueDate&page=2&cursor=${first.nextCursor}`);
    const afterSecond = statements - afterFirst;
    expect(first.total).toBe(COUNT);
    expect(afterFirst).toBe(3);
    expect(afterSecond).toBe(3);
  });

  it("leaves a filtered list's totals to the totals call when asked to, which gives them", async () => {
    const inline = await page(`filter=${filter}`);
    expect(inline.total).toBe(acme.count);
    expect(inline.totals).toMatchObject(acme);
    const separate = await page(`filter=${filter}&totals=separate`);
    expect(separate.rows.map((row) => row.invNo)).toEqual(inline.rows.map((row) => row.invNo));
    expect(separate.total).toBeNull();
    expect(separate.totals).toBeNull();
    const totals = (await client.get(`/invoices/totals?filter=${filter}`)).json();
    expect(totals).toEqual({
      total: acme.count,
      totals: { ...acme, balance: '200.00', disputeAmount: '0.00', paidAmount: '0.00' },
    });
  });

  it("answers the totals call 400 for a bad filter and 404 for another customer's list", async () => {
    expectError(
      await client.get(`/invoices/totals?filter=${encodeURIComponent('amount gt')}`),
      400,
      'INVALID_FILTER',
    );
    const foreign = expectError(
      await client.get(`/invoices/totals?custNo=${foreignCustNo}`),
      404,
      'NOT_FOUND',
    );
    expect(JSON.stringify(foreign)).not.toContain('999');
  });
});
