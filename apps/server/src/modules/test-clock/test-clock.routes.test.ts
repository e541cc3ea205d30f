import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient } from '../../test/test-app';

/** A portal with one user; each test signs in a session of its own. */
async function portal(environment: Record<string, string>) {
  const context = await createTestApp(environment);
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id, { currencies: ['USD'] });
  const user = await buildUser(db, tenant.id, { customers: [{ id: customer.id, defAccount: true }] });
  const signIn = async () => {
    const client = new TestClient(context);
    expect((await client.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
    return client;
  };
  return { context, signIn };
}

describe('POST /dev/clock/advance with SETTLE_TEST_CLOCK=1 (browser tests only)', () => {
  let withClock: Awaited<ReturnType<typeof portal>>;
  beforeAll(async () => {
    withClock = await portal({ SETTLE_TEST_CLOCK: '1' });
  });
  afterAll(() => withClock?.context.close());

  it('moves the sessions clock forward: an idle session then expires with SESSION_EXPIRED', async () => {
    const client = await withClock.signIn();
    const before = Date.now();
    const short = await client.post('/dev/clock/advance', { minutes: 29 });
    expect(short.statusCode).toBe(200);
    expect(Date.parse(short.json().now)).toBeGreaterThanOrEqual(before + 29 * 60_000);
    // 29 minutes idle is within the 30-minute limit: the session is still good (and is touched).
    expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);

    expect((await client.post('/dev/clock/advance', { minutes: 31 })).statusCode).toBe(200);
    const expired = await client.get('/invoices/associationAccounts');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_EXPIRED');
  });

  it('refuses to move the clock back, by nothing, or by more than a day', async () => {
    const client = await withClock.signIn();
    for (const minutes of [-5, 0, 24 * 60 + 1]) {
      const response = await client.post('/dev/clock/advance', { minutes });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBeTruthy();
    }
    expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);
  });
});

describe('without the test clock', () => {
  it('is on only with the development aids and SETTLE_TEST_CLOCK together', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ SETTLE_TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(loadConfig({ SETTLE_TEST_CLOCK: '1', DEV_OUTBOX: 'false' }).testClock).toBe(false);
    expect(loadConfig({ SETTLE_TEST_CLOCK: '1', NODE_ENV: 'production' }).testClock).toBe(false);
    expect(loadConfig({ SETTLE_TEST_CLOCK: '1', NODE_ENV: 'production', DEV_OUTBOX: 'true' }).testClock).toBe(
      true,
    );
  });

  it('has no such route: the path answers 404 and the session stays', async () => {
    const { context, signIn } = await portal({ SETTLE_TEST_CLOCK: '1', DEV_OUTBOX: 'false' });
    try {
      const client = await signIn();
      expect((await client.post('/dev/clock/advance', { minutes: 31 })).statusCode).toBe(404);
      expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);
    } finally {
      await context.close();
    }
  });
});
