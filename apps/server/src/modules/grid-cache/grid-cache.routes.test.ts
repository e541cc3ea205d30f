import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { countStatements } from '../../test/statement-count';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

// The grid's answers kept per process (response-cache.ts) and the filtered totals kept per group
// version (invoices.service.ts) must never outlive the data they show: every call reads the
// versions afresh in its session statement. Each case changes the data by another path and asks
// the same address again.

let context: TestContext;
let first: TestClient;
let second: TestClient;
let customer: { id: number; tenantId: number; custNo: string };
let firstUserId = 0;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

type Row = { invNo: string; promise: string; inCart: boolean; poNumber: string; accountName: string };
type Page = { rows: Row[]; totals: { amount: string; count: number } | null; total: number | null };

const listUrl = () => `/invoices?custNo=${customer.custNo}&currencyCode=USD&status=O&sort=invNo&dir=asc`;

async function list(client: TestClient, url = listUrl()): Promise<Page> {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const rowOf = (page: Page, invNo: string) => page.rows.find((row) => row.invNo === invNo)!;

/**
 * The session statement of a call whose page is kept: one on PostgreSQL; none on PGlite, whose
 * session reads stay known until the next write (db/client.ts, session.repository.ts).
 */
const sessionStatements = () => (context.database.writeGeneration ? 0 : 1);

/** Statements the database ran for one call. */
const statementsOf = async (call: () => Promise<unknown>) =>
  (await countStatements(context.database, call)).statements;

beforeAll(async () => {
  // The validators change with the quarter hour: a clock that stands still keeps a case that
  // counts a kept answer's statements from meeting one's end between its calls.
  const startedAt = new Date();
  context = await createTestApp({}, undefined, { services: { clock: { now: () => startedAt } } });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  customer = await buildCustomer(db, tenant.id, { company: 'Cached Co', currencies: ['USD'] });
  for (let n = 1; n <= 6; n++) {
    await buildInvoice(db, customer, { invNo: `INV-C${n}`, amount: `${n}00.00`, poNumber: 'PO-OLD' });
  }
  const users = [];
  for (let n = 0; n < 2; n++)
    users.push(await buildUser(db, tenant.id, { customers: [{ id: customer.id }] }));
  firstUserId = users[0]!.id;
  first = new TestClient(context);
  await first.signIn(users[0]!.loginName, TEST_PASSWORD);
  second = new TestClient(context);
  await second.signIn(users[1]!.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

// Each case starts from a page already kept.
beforeEach(async () => {
  await list(first);
});

describe('the grid answer cache', () => {
  it('answers the same page again from what it kept, with the session statement alone (none on PGlite)', async () => {
    // Twice: a call may refresh the session's last-seen time (a write), the next one keeps it.
    await list(first);
    const kept = await list(first);
    let again: Page | undefined;
    expect(
      await statementsOf(async () => {
        again = await list(first);
      }),
    ).toBe(sessionStatements());
    expect(again).toEqual(kept);
  });

  it('answers calls that arrive together, of two users, with one statement when their pages are kept (none on PGlite)', async () => {
    for (const client of [first, second, first, second]) await list(client);
    const pages: Page[] = [];
    expect(
      await statementsOf(async () => {
        pages.push(...(await Promise.all([list(first), list(second), list(first), list(second)])));
      }),
    ).toBe(sessionStatements());
    expect(pages[0]).toEqual(pages[2]);
    expect(pages[1]).toEqual(pages[3]);
  });

  it('shows a promise made through the API on the next call', async () => {
    expect(rowOf(await list(first), 'INV-C1').promise).toBe('false');
    const promised = await first.put('/invoices/promiseUnPromise', {
      invNo: ['INV-C1'],
      promised: true,
      nextFollowupDate: tomorrow,
      custNo: customer.custNo,
    });
    expect(promised.statusCode).toBe(200);
    expect(rowOf(await list(first), 'INV-C1').promise).toBe('true');
  });

  it('shows a change made by another writer, in SQL, on the next call', async () => {
    expect(rowOf(await list(first), 'INV-C2').poNumber).toBe('PO-OLD');
    await context.database.db.execute(
      sql`update invoices set po_number = 'PO-NEW' where customer_id = ${customer.id} and inv_no = 'INV-C2'`,
    );
    expect(rowOf(await list(first), 'INV-C2').poNumber).toBe('PO-NEW');
  });

  it("shows a cart change, and keeps one user's cart marks from the other", async () => {
    expect(rowOf(await list(second), 'INV-C3').inCart).toBe(false);
    const added = await second.post('/payment/cart/add', {
      custNo: customer.custNo,
      currencyCode: 'USD',
      invNo: ['INV-C3'],
    });
    expect(added.statusCode).toBe(200);
    expect(rowOf(await list(second), 'INV-C3').inCart).toBe(true);
    expect(rowOf(await list(first), 'INV-C3').inCart).toBe(false);
    // The same cart line written by hand (another process, an operator) for the first user.
    await context.database.db.execute(sql`
      with cart as (
        insert into payment_carts (tenant_id, user_id, customer_id, currency_code)
        values (${customer.tenantId}, ${firstUserId}, ${customer.id}, 'USD') returning id)
      insert into payment_cart_lines (cart_id, invoice_id)
      select cart.id, i.id from cart, invoices i where i.customer_id = ${customer.id} and i.inv_no = 'INV-C4'`);
    expect(rowOf(await list(first), 'INV-C4').inCart).toBe(true);
  });

  it("shows the customer's new name on the next call", async () => {
    await context.database.db.execute(
      sql`update customers set company = 'Renamed Co' where id = ${customer.id}`,
    );
    expect(rowOf(await list(first), 'INV-C5').accountName).toBe('Renamed Co');
    await context.database.db.execute(
      sql`update customers set company = 'Cached Co' where id = ${customer.id}`,
    );
    expect(rowOf(await list(first), 'INV-C5').accountName).toBe('Cached Co');
  });

  it('gives an encoded answer again with the headers it was first given with', async () => {
    const ask = () => first.request({ method: 'GET', url: listUrl(), headers: { 'accept-encoding': 'br' } });
    const made = await ask();
    const kept = await ask();
    for (const response of [made, kept]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
    }
    for (const header of ['content-type', 'content-encoding', 'vary', 'cache-control', 'content-length']) {
      expect(kept.headers[header], header).toEqual(made.headers[header]);
    }
    expect(kept.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(kept.rawPayload).toString())).toEqual(
      JSON.parse(brotliDecompressSync(made.rawPayload).toString()),
    );
  });

  it('keeps the filtered totals of a group until its next write, for every page and user', async () => {
    const filter = encodeURIComponent('amount ge 300');
    const totalsUrl = `/invoices/totals?custNo=${customer.custNo}&currencyCode=USD&status=O&filter=${filter}`;
    const before = (await first.get(totalsUrl)).json();
    expect(before.total).toBe(4);
    // Another page of the same filter, by the other user: the totals are the ones kept.
    expect(
      await statementsOf(async () => {
        const inline = await list(second, `${listUrl()}&page=2&pageSize=2&filter=${filter}`);
        expect(inline.total).toBe(4);
      }),
    ).toBe(2);
    await context.database.db.execute(
      sql`update invoices set amount = 1000, balance = 1000 where customer_id = ${customer.id} and inv_no = 'INV-C1'`,
    );
    const after = (await first.get(totalsUrl)).json();
    expect(after.total).toBe(5);
    expect(Number(after.totals.amount)).toBe(Number(before.totals.amount) + 1000);
  });

  it("keeps a filter's totals across promises, unless the filter reads promises", async () => {
    const byAmount = `/invoices/totals?custNo=${customer.custNo}&currencyCode=USD&status=O&filter=${encodeURIComponent('amount ge 100')}`;
    const byPromise = `/invoices/totals?custNo=${customer.custNo}&currencyCode=USD&status=O&filter=${encodeURIComponent('promise eq true')}`;
    const amountBefore = (await first.get(byAmount)).json();
    const promisedBefore = (await first.get(byPromise)).json();
    const promised = await first.put('/invoices/promiseUnPromise', {
      invNo: ['INV-C6'],
      promised: true,
      nextFollowupDate: tomorrow,
      custNo: customer.custNo,
    });
    expect(promised.statusCode, promised.body).toBe(200);
    // The session statement alone: the sums of 'amount ge 100' cannot have moved.
    expect(
      await statementsOf(async () => {
        expect((await first.get(byAmount)).json()).toEqual(amountBefore);
      }),
    ).toBe(1);
    expect((await first.get(byPromise)).json().total).toBe(promisedBefore.total + 1);
  });

  it('answers 404 once the link is gone, and 401 once the session is', async () => {
    const other = await buildCustomer(context.database.db, customer.tenantId);
    const outsider = await buildUser(context.database.db, customer.tenantId, {
      customers: [{ id: other.id }],
    });
    const client = new TestClient(context);
    await client.signIn(outsider.loginName, TEST_PASSWORD);
    expectError(await client.get(listUrl()), 404, 'NOT_FOUND');
    // Linked, asked (kept), then unlinked: the same address answers 404.
    await context.database.db.execute(
      sql`insert into user_customers (user_id, customer_id) values (${outsider.id}, ${customer.id})`,
    );
    expect((await list(client)).rows.length).toBe(6);
    expect((await list(client)).rows.length).toBe(6);
    await context.database.db.execute(
      sql`delete from user_customers where user_id = ${outsider.id} and customer_id = ${customer.id}`,
    );
    expectError(await client.get(listUrl()), 404, 'NOT_FOUND');
    await list(second);
    expect((await second.get('/auth/logout')).json()).toEqual({ loggedOut: true });
    expect((await second.get(listUrl())).statusCode).toBe(401);
  });
});
