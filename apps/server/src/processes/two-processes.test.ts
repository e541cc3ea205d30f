import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_KEY_HEADER } from '@settle/shared/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { invoices } from '../db/schema/invoices';
import { seedDemoPayments } from '../db/seed/demo-payments';
import { SESSION_COOKIE } from '../lib/cookies';
import { createApiKeysService } from '../modules/integration/api-keys.service';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../test/factories';
import { startNotificationReceiver } from '../test/notification-receiver';
import { submitCard } from '../test/sandbox-payer';
import { freePort, HttpSession, type SpawnedServer, spawnServer } from '../test/spawned-server';
import { createPostgresTestDatabase } from '../test/test-database';

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const API = '/getpaid-rest/api';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Several stateless processes on one PostgreSQL: the README's "Two processes behind a proxy".
 * The PostgreSQL tier runs it (npm run test:postgres); without DATABASE_URL it is skipped.
 */
describe.skipIf(!serverUrl)('two server processes on one PostgreSQL (needs DATABASE_URL)', () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let database: DatabaseHandle;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
  const folders: string[] = [];
  let tenantId = 0;

  beforeAll(async () => {
    created = await createPostgresTestDatabase(serverUrl!);
    database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' });
    if (!created.migrated) await database.migrate();
    const { db } = database;
    tenantId = (await buildTenant(db, { isDefault: true })).id;
    await seedDemoPayments(db, { tenantId, currencies: ['USD'] });
    receiver = await startNotificationReceiver();

    const folder = () => {
      const made = mkdtempSync(path.join(tmpdir(), 'settle-two-'));
      folders.push(made);
      return made;
    };
    const uploads = folder();
    const [portA, portB, sandboxPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const sandboxSecret = randomBytes(32).toString('base64url');
    const shared = {
      DATABASE_URL: created.url,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      REDIS_URL: redisUrl,
      // Counters of this run only: other runs on the same Redis count under their own names.
      RATE_LIMIT_KEY_PREFIX: `settle-test-${randomUUID()}-`,
      RATE_LIMIT_CAPTCHA: '4',
      UPLOAD_DIR: uploads,
      PAYMENT_SANDBOX_SECRET: sandboxSecret,
      // A job run that found nothing to do is logged at debug: the last test counts every run's line.
      LOG_LEVEL: 'debug',
      // The webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    };
    // A runs the sandbox provider, whose notifications go to B; B calls A's sandbox.
    [a, b] = await Promise.all([
      spawnServer({
        name: 'A',
        port: portA,
        env: {
          ...shared,
          DATA_DIR: folder(),
          PAYMENT_SANDBOX_PORT: String(sandboxPort),
          PAYMENT_SANDBOX_PENDING_SECONDS: '0',
          PAYMENT_SANDBOX_NOTIFY_URL: `http://127.0.0.1:${portB}${API}/payment/notifications/sandbox`,
        },
      }),
      spawnServer({
        name: 'B',
        port: portB,
        env: { ...shared, DATA_DIR: folder(), PAYMENT_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}` },
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    await database?.close();
    await created?.drop();
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  async function signedInUser() {
    const { db } = database;
    const customer = await buildCustomer(db, tenantId);
    const user = await buildUser(db, tenantId, { customers: [{ id: customer.id }] });
    return { customer, user };
  }

  it('signs in on A, lists on B, and a sign-out on A ends the session on B too', async () => {
    const { customer, user } = await signedInUser();
    const invoice = await buildInvoice(database.db, customer, { invNo: 'TWO-1' });
    const session = new HttpSession(API);
    const signIn = await session.signIn(a.baseURL, user.loginName, TEST_PASSWORD);
    expect(signIn.status, signIn.text).toBe(200);

    const grid = await session.call(b.baseURL, 'GET', '/invoices?pageSize=50');
    expect(grid.status, grid.text).toBe(200);
    expect(grid.json().rows.map((row: { invNo: string }) => row.invNo)).toEqual([invoice.invNo]);
    const detail = await session.call(a.baseURL, 'GET', `/invoices/detail/${invoice.invNo}`);
    expect(detail.json().invoice.invNo).toBe(invoice.invNo);

    expect((await session.call(a.baseURL, 'GET', '/auth/logout')).json()).toEqual({ loggedOut: true });
    // The cookie the browser had a moment ago, replayed to B: the session is gone for both.
    const replayed = new HttpSession(API);
    for (const [name, value] of session.cookies) replayed.cookies.set(name, value);
    replayed.cookies.set(SESSION_COOKIE, signInCookie(signIn.headers));
    const after = await replayed.call(b.baseURL, 'GET', '/invoices?pageSize=50');
    expect(after.status).toBe(401);
  });

  it("each process's grid cache follows a write made on the other at once", async () => {
    const { customer, user } = await signedInUser();
    await buildInvoice(database.db, customer, { invNo: 'TWO-CACHE-1', poNumber: 'PO-BEFORE' });
    const session = new HttpSession(API);
    expect((await session.signIn(a.baseURL, user.loginName, TEST_PASSWORD)).status).toBe(200);
    const grid = `/invoices?custNo=${customer.custNo}&currencyCode=USD&status=O&pageSize=50`;
    const rowOn = async (server: SpawnedServer) => {
      const answer = await session.call(server.baseURL, 'GET', grid);
      expect(answer.status, answer.text).toBe(200);
      return answer.json().rows[0] as { promise: string; inCart: boolean; poNumber: string };
    };
    // Both processes have kept the page.
    for (const server of [a, b, a, b]) expect((await rowOn(server)).promise).toBe('false');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const promised = await session.call(a.baseURL, 'PUT', '/invoices/promiseUnPromise', {
      body: { invNo: ['TWO-CACHE-1'], promised: true, nextFollowupDate: tomorrow, custNo: customer.custNo },
    });
    expect(promised.status, promised.text).toBe(200);
    expect((await rowOn(b)).promise).toBe('true');
    const added = await session.call(b.baseURL, 'POST', '/payment/cart/add', {
      body: { custNo: customer.custNo, currencyCode: 'USD', invNo: ['TWO-CACHE-1'] },
    });
    expect(added.status, added.text).toBe(200);
    expect((await rowOn(a)).inCart).toBe(true);
    // A ledger write from outside both (a load, an operator).
    await database.db.execute(sql`update invoices set po_number = 'PO-AFTER' where inv_no = 'TWO-CACHE-1'`);
    expect((await rowOn(a)).poNumber).toBe('PO-AFTER');
    expect((await rowOn(b)).poNumber).toBe('PO-AFTER');
  });

  it('a payment started on A is settled by the notification B receives, once; its webhook goes out once', async () => {
    const { customer, user } = await signedInUser();
    const invoice = await buildInvoice(database.db, customer, { amount: '80.00' });
    const api = createApiKeysService(database.db);
    const { key } = await api.create({ tenantId, name: 'erp', scopes: ['webhooks:manage'] });
    const subscribed = await fetch(`${b.baseURL}${API}/integration/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, eventTypes: ['payment.started', 'payment.succeeded'] }),
    });
    expect(subscribed.status, await subscribed.clone().text()).toBe(201);

    const session = new HttpSession(API);
    expect((await session.signIn(a.baseURL, user.loginName, TEST_PASSWORD)).status).toBe(200);
    const added = await session.call(b.baseURL, 'POST', '/payment/cart/add', {
      body: { custNo: customer.custNo, currencyCode: 'USD', invNo: [invoice.invNo] },
    });
    expect(added.json().added, added.text).toEqual([invoice.invNo]);
    const started = await session.call(a.baseURL, 'POST', '/payment/hpp/CREDIT_CARD', {
      body: {
        custNo: customer.custNo,
        currency: 'USD',
        payments: [{ invNo: invoice.invNo, payment: '80.00' }],
      },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(started.status, started.text).toBe(200);
    const { serviceURL, extTranRefId } = started.json();
    expect((await submitCard(serviceURL, { number: '4242424242424242' })).status).toBeLessThan(500);

    // Nobody polls: only the provider's notification, which reaches B, can settle it.
    const payment = await until(
      () =>
        queryRows<{ status: string; id: number }>(
          database.db,
          sql`select id, status from payments where ext_tran_ref_id = ${extTranRefId}`,
        ),
      (rows) => rows[0]?.status === 'SUCCESS',
    );
    expect(payment).toEqual([expect.objectContaining({ status: 'SUCCESS' })]);
    // B logs the call once it has answered it, after the payment was settled in its transaction:
    // its log line can reach us after the row does (seen once in CI).
    expect(
      await until(
        async () => b.output(),
        (output) => output.includes('/payment/notifications/sandbox'),
      ),
    ).toContain('/payment/notifications/sandbox');
    expect(a.output()).not.toContain('/payment/notifications/sandbox');
    const [stored] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored).toMatchObject({ paidAmount: '80.00', balance: '0.00', status: 'C' });
    const notified = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from payment_notifications where ext_tran_ref_id = ${extTranRefId}`,
    );
    expect(notified[0]!.count).toBeGreaterThanOrEqual(1);

    // Both processes deliver webhooks; each event reaches the receiver once.
    await receiver.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(receiver.events().map((event) => event.type)).toEqual(['payment.started', 'payment.succeeded']);
  });

  it('counts a rate limit across both processes', async () => {
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a, b]) {
      statuses.push((await fetch(`${server.baseURL}${API}/resource/captcha`)).status);
    }
    // RATE_LIMIT_CAPTCHA=4 for the pair: the 5th call, on either, is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('runs each scheduled job once for its period, with both processes running', async () => {
    // Both processes tick at start. Due now: the jobs every few minutes (payment recovery, autopay)
    // at once, the daily upkeep from 02:00 UTC, the reminder digests from 07:00, the monthly
    // statements from the 1st at 06:00. A new job joins this list.
    const now = new Date();
    const hour = now.getUTCHours();
    const day = now.getUTCDate();
    const due = [
      'autopay',
      ...(day > 1 || hour >= 6 ? ['monthly-statements'] : []),
      ...(hour >= 2
        ? ['purge-abandoned-uploads', 'purge-expired-idempotency-keys', 'purge-expired-sessions']
        : []),
      'recover-pending-payments',
      ...(hour >= 7 ? ['reminder-digests'] : []),
    ];
    const runs = await until(
      () =>
        queryRows<{ job_name: string; period_key: string; attempts: number; status: string }>(
          database.db,
          sql`select job_name, period_key, attempts, status from scheduled_job_runs order by job_name, period_key`,
        ),
      (rows) => rows.length >= due.length && rows.every((row) => row.status === 'DONE'),
    );
    const names = [...new Set(runs.map((run) => run.job_name))];
    expect(names).toEqual(due);
    expect(runs.every((run) => run.attempts === 1 && run.status === 'DONE')).toBe(true);
    // One process ran each (job, period); the other found it claimed and logged nothing.
    const ranLines = (server: SpawnedServer) =>
      server.output().match(/job [a-z-]+ ran for [0-9T:-]+\d/g) ?? [];
    const ran = [...ranLines(a), ...ranLines(b)].sort();
    expect(ran).toEqual(runs.map((run) => `job ${run.job_name} ran for ${run.period_key}`).sort());
  });
});

function signInCookie(headers: Headers): string {
  for (const cookie of headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    if (pair.slice(0, at) === SESSION_COOKIE) return pair.slice(at + 1);
  }
  throw new Error('the sign-in set no SESSION cookie');
}
