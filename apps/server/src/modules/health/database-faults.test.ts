import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, queryRows } from '../../db/client';
import { expectError } from '../../test/expect-error';
import { buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

/** A loopback port nobody listens on: connecting to it is refused at once. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a database that refuses connections', () => {
  let context: Pick<TestContext, 'app' | 'api'>;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    const database = await openDatabase({
      databaseUrl: `postgres://settle@127.0.0.1:${await refusingPort()}/settle`,
      dataDir: 'memory://',
    });
    // Nothing to migrate on a server that is not there: the app starts as after a database outage.
    const app = await buildApp(config, { database: { ...database, migrate: async () => {} }, logger: false });
    context = { app, api: config.apiBase };
  });
  afterAll(() => context.app.close());

  it('fails readiness while liveness still answers', async () => {
    const live = await context.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await context.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'postgres' });
  });

  it('answers 503 with Retry-After and a clear message to a call that needs it', async () => {
    const client = new TestClient(context as TestContext);
    const response = await client.request({ method: 'GET', url: `${context.api}/config.js` });
    const login = await client.request({
      method: 'POST',
      url: `${context.api}/auth/login`,
      payload: { loginName: 'demo.full', password: 'x' },
      headers: { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' },
    });
    expect([200, 503]).toContain(response.statusCode);
    const body = expectError(login, 503, 'SERVICE_UNAVAILABLE');
    expect(body.message).toBe('The service is briefly unavailable. Please try again in a few seconds.');
    expect(login.headers['retry-after']).toBe('5');
    expect((body as { requestId?: string }).requestId).toBe(login.headers['x-request-id']);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL ending the connections in the middle of a request', () => {
  let context: TestContext;
  let databaseName: string;

  beforeAll(async () => {
    context = await createTestApp();
    const [row] = await queryRows<{ name: string }>(
      context.database.db,
      sql`select current_database() as name`,
    );
    databaseName = row!.name;
    // A slow call, so that the connections can be cut while it runs.
    context.app.get(`${context.api}/test-slow-query`, async () => {
      await context.database.db.execute(sql`select pg_sleep(3)`);
      return { done: true };
    });
  });
  afterAll(() => context.close());

  async function terminateConnections() {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const result = await admin.query(
        'select count(pg_terminate_backend(pid)) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      return Number(result.rows[0].ended);
    } finally {
      await admin.end();
    }
  }

  it('answers 503 with Retry-After, then recovers by itself', async () => {
    const tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
    const own = await signedInCustomer(context, tenantId);
    const slow = context.app.inject({ url: `${context.api}/test-slow-query` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await terminateConnections()).toBeGreaterThan(0);
    const cut = await slow;
    const body = expectError(cut, 503, 'SERVICE_UNAVAILABLE');
    expect(body.message).toBe('The service is briefly unavailable. Please try again in a few seconds.');
    expect(cut.headers['retry-after']).toBe('5');
    // The pool drops the dead connections and opens new ones: a client that retries as told
    // (a call may still meet a connection whose end the pool has not yet seen) gets through.
    let again = await own.client.get('/invoices/associationAccounts');
    for (let attempt = 0; attempt < 5 && again.statusCode === 503; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      again = await own.client.get('/invoices/associationAccounts');
    }
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ custNo: own.customer.custNo })]),
    );
    expect((await context.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
