import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_KEY_HEADER } from '@settle/shared/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { invoices } from '../db/schema/invoices';
import { seedDemoPayments } from '../db/seed/demo-payments';
import { createApiKeysService } from '../modules/integration/api-keys.service';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../test/factories';
import { submitCard } from '../test/sandbox-payer';
import { freePort, HttpSession, type SpawnedServer, spawnServer } from '../test/spawned-server';
import { createPostgresTestDatabase } from '../test/test-database';

const serverUrl = process.env.DATABASE_URL;
const API = '/getpaid-rest/api';

/**
 * kill -9 of a server process in the middle of a payment, an upload and a bulk ledger load, then a
 * restart on the same database, folders and ports: nothing lost, nothing doubled. The PostgreSQL
 * tier runs it (npm run test:postgres); without DATABASE_URL it is skipped.
 */
describe.skipIf(!serverUrl)('kill -9 and restart (needs DATABASE_URL)', () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let database: DatabaseHandle;
  let server: SpawnedServer | undefined;
  const folders: string[] = [];
  let tenantId = 0;
  let env: Record<string, string> = {};
  let port = 0;
  let uploads = '';

  const folder = () => {
    const made = mkdtempSync(path.join(tmpdir(), 'settle-kill-'));
    folders.push(made);
    return made;
  };
  const start = async (overrides: Record<string, string> = {}) => {
    server = await spawnServer({ name: 'portal', port, env: { ...env, ...overrides } });
    return server;
  };
  const kill = async () => {
    expect(await server!.stop('SIGKILL')).toBe('SIGKILL');
  };

  beforeAll(async () => {
    created = await createPostgresTestDatabase(serverUrl!);
    database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' });
    if (!created.migrated) await database.migrate();
    tenantId = (await buildTenant(database.db, { isDefault: true })).id;
    await seedDemoPayments(database.db, { tenantId, currencies: ['USD'] });
    uploads = folder();
    port = await freePort();
    env = {
      DATABASE_URL: created.url,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: folder(),
      UPLOAD_DIR: uploads,
      PAYMENT_SANDBOX_PORT: String(await freePort()),
      PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('base64url'),
      PAYMENT_SANDBOX_PENDING_SECONDS: '0',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      RATE_LIMIT_PER_USER: '1000000',
    };
  }, 60_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.close();
    await created?.drop();
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  async function signedIn(baseURL: string) {
    const customer = await buildCustomer(database.db, tenantId);
    const user = await buildUser(database.db, tenantId, { customers: [{ id: customer.id }] });
    const session = new HttpSession(API);
    expect((await session.signIn(baseURL, user.loginName, TEST_PASSWORD)).status).toBe(200);
    return { customer, session };
  }

  it('a payment paid at the provider while its notification could not arrive: settled once after the restart', async () => {
    // The provider's notification goes to a port nobody listens on: it is lost, as when the portal died.
    const portal = await start({ PAYMENT_SANDBOX_NOTIFY_URL: `http://127.0.0.1:${await freePort()}/lost` });
    const { customer, session } = await signedIn(portal.baseURL);
    const invoice = await buildInvoice(database.db, customer, { amount: '80.00' });
    await session.call(portal.baseURL, 'POST', '/payment/cart/add', {
      body: { custNo: customer.custNo, currencyCode: 'USD', invNo: [invoice.invNo] },
    });
    const started = await session.call(portal.baseURL, 'POST', '/payment/hpp/CREDIT_CARD', {
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
    await kill();

    const [before] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(before).toMatchObject({ paidAmount: '0.00', paymentPending: true });
    // The restart asks the provider about every payment still pending (and so does the job every 5 min).
    await start();
    let status = '';
    for (let tries = 0; tries < 100 && status !== 'SUCCESS'; tries += 1) {
      const [row] = await queryRows<{ status: string }>(
        database.db,
        sql`select status from payments where ext_tran_ref_id = ${extTranRefId}`,
      );
      status = row?.status ?? '';
      if (status !== 'SUCCESS') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('SUCCESS');
    const [after] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after).toMatchObject({ paidAmount: '80.00', balance: '0.00', status: 'C', paymentPending: false });
    const [counted] = await queryRows<{ payments: number; succeeded: number }>(
      database.db,
      sql`select count(distinct p.id)::int as payments,
            count(e.id) filter (where e.event = 'SUCCEEDED')::int as succeeded
          from payments p left join payment_events e on e.payment_id = p.id
          where p.customer_id = ${customer.id}`,
    );
    // One payment, one final outcome: the recovery did not settle it twice.
    expect(counted).toEqual({ payments: 1, succeeded: 1 });
  });

  it('an upload cut by the kill leaves no row and no file that looks whole', async () => {
    const portal = server!;
    const { customer, session } = await signedIn(portal.baseURL);
    const boundary = 'settle-kill-boundary';
    const cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const upload = httpRequest(`${portal.baseURL}${API}/upload/file`, {
      method: 'POST',
      headers: {
        cookie,
        'x-xsrf-token': session.cookies.get('XSRF-TOKEN') ?? '',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    upload.on('error', () => {});
    upload.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    // Half a megabyte in, the file is being written when the process dies.
    for (let chunk = 0; chunk < 8; chunk += 1) upload.write('x'.repeat(65_536));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await kill();
    upload.destroy();

    const rows = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from uploads where customer_id = ${customer.id}`,
    );
    expect(rows[0]!.count).toBe(0);
    const files = readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    // At most the unfinished .part file, which the daily purge removes once an hour old.
    expect(files.filter((entry) => !entry.name.endsWith('.part'))).toEqual([]);
    await start();
  });

  it('a bulk ledger load cut by the kill, sent again after the restart: every customer once', async () => {
    const { key } = await createApiKeysService(database.db).create({
      tenantId,
      name: 'erp',
      scopes: ['ledger:write'],
    });
    const count = 2_000;
    const lines = Array.from({ length: count }, (_, index) =>
      JSON.stringify({ custNo: `BULK-${index}`, company: `Bulk ${index}`, currencies: ['USD'] }),
    );
    const body = `${lines.join('\n')}\n`;
    const send = (baseURL: string) =>
      fetch(`${baseURL}${API}/integration/v1/customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
        body,
      });
    const cut = send(server!.baseURL).catch((error: Error) => error);
    // Until some batches are written, then the kill.
    for (let tries = 0; tries < 200; tries += 1) {
      const [row] = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from customers where cust_no like 'BULK-%'`,
      );
      if (row!.count > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await kill();
    expect(await cut).toBeInstanceOf(Error);
    const [partial] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from customers where cust_no like 'BULK-%'`,
    );
    expect(partial!.count).toBeLessThan(count);

    const portal = await start();
    const again = await send(portal.baseURL);
    expect(again.status).toBe(200);
    const report = (await again.json()) as { inserted: number; unchanged: number };
    expect(report).toMatchObject({ received: count, refused: 0 });
    expect(report.inserted + report.unchanged).toBe(count);
    expect(report.unchanged).toBe(partial!.count);
    const [whole] = await queryRows<{ rows: number; distinct: number }>(
      database.db,
      sql`select count(*)::int as rows, count(distinct cust_no)::int as distinct from customers where cust_no like 'BULK-%'`,
    );
    expect(whole).toEqual({ rows: count, distinct: count });
  }, 90_000);
});
