import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildTenant } from '../../test/factories';
import { type SignedInCustomer, signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildPayment } from './payment-log-factories';

// The payment log pages as the invoice grid does (lib/grid-paging.ts): by keyset cursor, by page
// number from the nearer end (the count from the per-day aggregates), with the page in the contract.

let context: TestContext;
let owner: SignedInCustomer;
let stranger: SignedInCustomer;
const COUNT = 23;

// Amounts repeat and several payments share a millisecond (not a microsecond): the id breaks ties.
const amountOf = (n: number) => `${10 + ((n * 7) % 5)}.00`;
const timeOf = (n: number) => new Date(Date.UTC(2026, 5, 1 + (n % 6), 9, 30, 0, 250));

beforeAll(async () => {
  context = await createTestApp();
  const tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  owner = await signedInCustomer(context, tenantId);
  stranger = await signedInCustomer(context, tenantId);
  for (let n = 1; n <= COUNT; n++) {
    await buildPayment(context.database.db, owner.customer, {
      createdAt: timeOf(n),
      amount: amountOf(n),
      status: n % 4 === 0 ? 'ERROR' : 'SUCCESS',
      trackingNo: n % 3 === 0 ? undefined : `TRK-${n % 5}`,
    });
  }
  await context.database.db.execute(
    sql`update payments set created_at = created_at + (id % 3) * interval '1 microsecond',
          tracking_no = case when id % 3 = 0 then null else tracking_no end
        where customer_id = ${owner.customer.id}`,
  );
  await buildPayment(context.database.db, stranger.customer, { createdAt: timeOf(1) });
});
afterAll(() => context.close());

type Page = { page: number; total: number; rows: Array<{ paymentLogId: number }>; nextCursor: string | null };

async function page(query: string, as = owner): Promise<Page> {
  const response = await as.client.get(`/payment/logs?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idsOf = (body: Page) => body.rows.map((row) => row.paymentLogId);
const wholeList = async (sort: string, dir: string) =>
  idsOf(await page(`sort=${sort}&dir=${dir}&pageSize=200`));

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

describe('payment log paging', () => {
  for (const [sort, dir] of [
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
    ['amount', 'asc'],
    ['trackingNo', 'asc'],
    ['trackingNo', 'desc'],
    ['status', 'desc'],
  ] as const) {
    it(`gives every row once, in order, by page number alone and by cursor (${sort} ${dir})`, async () => {
      const expected = await wholeList(sort, dir);
      expect(expected).toHaveLength(COUNT);
      const byNumber: number[] = [];
      for (let n = 1; n <= 5; n++)
        byNumber.push(...idsOf(await page(`sort=${sort}&dir=${dir}&pageSize=5&page=${n}`)));
      expect(byNumber).toEqual(expected);
      expect(await walkByCursor(`sort=${sort}&dir=${dir}`)).toEqual(expected);
    });
  }

  it('walks the whole log by cursor without a gap or a repeat while payments are added meanwhile', async () => {
    const before = await wholeList('createdAt', 'desc');
    const seen = await walkByCursor('sort=createdAt&dir=desc', async () => {
      // A newer payment lands on a page already read; with page numbers alone, a row would repeat.
      await buildPayment(context.database.db, owner.customer, { createdAt: new Date(Date.UTC(2026, 5, 20)) });
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
  });

  it("ignores another customer's or another list's cursor, and refuses one the server did not give", async () => {
    const ownCursor = (await page('pageSize=5')).nextCursor!;
    expect(ownCursor).toEqual(expect.any(String));
    const strangers = await page(`pageSize=5&page=2&cursor=${ownCursor}`, stranger);
    expect(strangers.rows).toEqual([]);
    expect(strangers.total).toBe(1);
    const otherSort = await page(`sort=amount&dir=asc&pageSize=5&page=2&cursor=${ownCursor}`);
    expect(idsOf(otherSort)).toEqual((await wholeList('amount', 'asc')).slice(5, 10));
    const bad = expectError(await owner.client.get('/payment/logs?cursor=a.b'), 400, 'VALIDATION_FAILED');
    expect(bad.fieldErrors).toEqual([
      { field: 'querystring.cursor', message: 'The cursor is not one this list gave' },
    ]);
  });
});
