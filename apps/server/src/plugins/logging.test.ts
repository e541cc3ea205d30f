import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../test/factories';
import { createLogCapture, createTestApp, TestClient, type TestContext } from '../test/test-app';
import { urlForLog } from './logging';

const log = createLogCapture();
let context: TestContext;
let loginName: string;
/** Another user: recovery emails are throttled to one a minute per login. */
let secondLoginName: string;

beforeAll(async () => {
  context = await createTestApp({}, undefined, { logStream: log.stream });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  loginName = (
    await buildUser(db, tenant.id, {
      customers: [{ id: customer.id }],
      overrides: { email: 'logged.user@example.com' },
    })
  ).loginName;
  secondLoginName = (
    await buildUser(db, tenant.id, {
      customers: [{ id: customer.id }],
      overrides: { email: 'second.user@example.com' },
    })
  ).loginName;
  // A query that fails on a value: what a bug or a hostile input would make PostgreSQL refuse.
  context.app.get(`${context.api}/test-db-failure`, async () => {
    await context.database.db.execute(sql`select ${'card-4242424242424242'}::int`);
  });
});
afterAll(() => context.close());

type Line = {
  reqId?: string;
  msg?: string;
  err?: Record<string, unknown>;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
};
const parsed = () => log.lines.map((line) => JSON.parse(line) as Line);

describe('request ids', () => {
  it('puts the id in every line of a request, in its header, and in the body of a 5xx', async () => {
    log.lines.length = 0;
    const response = await context.app.inject({ url: `${context.api}/test-db-failure` });
    expect(response.statusCode).toBe(500);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again later.',
      requestId: id,
    });
    const lines = parsed();
    // The failure, then the request's one line once answered.
    expect(lines.map((line) => line.msg)).toEqual(['request failed', 'request completed']);
    for (const line of lines) expect(line.reqId, JSON.stringify(line)).toBe(id);
    expect(lines[1]).toMatchObject({ res: { statusCode: 500 }, req: { method: 'GET' } });
    const failure = lines.find((line) => line.msg === 'request failed');
    // The SQLSTATE says what failed; neither the statement nor its value is written.
    expect(failure?.err).toMatchObject({ type: 'DatabaseError', sqlState: '22P02' });
    expect(log.text()).not.toMatch(/card-4242|select |Failed query|params:/);
  });

  it("keeps a proxy's plain request id and replaces one that could forge log lines", async () => {
    const kept = await context.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234abcd');
    const forged = await context.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a"}\n{"x":1' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("carries the request's id into lines written by services after the answer", async () => {
    log.lines.length = 0;
    const caller = new TestClient(context);
    await caller.get('/config.js');
    const response = await caller.post('/auth/troubleSigningIn', { loginName });
    await context.app.services.background.drain();
    const kept = parsed().find((line) => line.msg === 'outbox: email kept');
    expect(kept?.reqId).toBe(response.headers['x-request-id']);
  });
});

describe('secrets never reach the log', () => {
  it('leaves out passwords, cookies, CSRF tokens and emailed codes', async () => {
    log.lines.length = 0;
    const caller = new TestClient(context);
    await caller.signIn(loginName, TEST_PASSWORD);
    await caller.get('/invoices/associationAccounts');
    await caller.post('/auth/troubleSigningIn', { loginName: secondLoginName });
    await context.app.services.background.drain();
    await caller.get('/auth/logout');
    const written = log.text();
    expect(written).toContain('"url":"/getpaid-rest/api/auth/login"');
    expect(written).not.toContain(TEST_PASSWORD);
    for (const [name, value] of caller.cookies) expect(written, name).not.toContain(value);
    const email = parsed().find((line) => line.msg === 'outbox: email kept') as { body?: string } | undefined;
    expect(email?.body).toMatch(/code=\[redacted\]/);
    expect(written).not.toMatch(/code=[\w-]{43}/);
  });

  it('masks secret query values in the request line', () => {
    expect(urlForLog('/resetPassword?companyId=abc&code=s3cret&lang=fr')).toBe(
      '/resetPassword?companyId=[redacted]&code=[redacted]&lang=fr',
    );
    expect(urlForLog('/invoices?status=O')).toBe('/invoices?status=O');
  });
});
