import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierMessages } from '../db/schema/access';
import { expectError } from '../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, TestClient, type TestContext } from '../test/test-app';

/** Calls from an address of their own, so that each test has fresh per-address counters. */
function clientAt(context: TestContext, remoteAddress: string) {
  const client = new TestClient(context);
  const request = client.request.bind(client);
  client.request = (options) => request({ ...options, remoteAddress });
  return client;
}

const tooMany = (response: Awaited<ReturnType<TestClient['get']>>) => {
  const body = expectError(response, 429, 'RATE_LIMITED');
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(body.message).toBe(`Too many requests. Please wait ${seconds} seconds and try again.`);
};

describe('rate limits', () => {
  let context: TestContext;
  let tenantId: number;
  let customerId: number;

  beforeAll(async () => {
    context = await createTestApp({
      RATE_LIMIT_SIGN_IN: '3',
      RATE_LIMIT_PER_USER: '6',
      RATE_LIMIT_PAYMENT_STARTS: '2',
      RATE_LIMIT_PER_ADDRESS: '40',
    });
    tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
    customerId = (await buildCustomer(context.database.db, tenantId)).id;
  });
  afterAll(() => context.close());

  const user = (email?: string) =>
    buildUser(context.database.db, tenantId, { customers: [{ id: customerId }], overrides: { email } });

  it('stops sign-in attempts from one address, even with the right password, and not from another', async () => {
    const { loginName } = await user();
    const client = clientAt(context, '10.1.0.1');
    await client.get('/config.js');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expectError(
        await client.post('/auth/login', { loginName, password: 'wrong' }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    const refused = await client.post('/auth/login', { loginName, password: TEST_PASSWORD });
    tooMany(refused);
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
    const elsewhere = clientAt(context, '10.1.0.2');
    expect((await elsewhere.signIn(loginName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits troubleSigningIn per address, and a refused call sends nothing', async () => {
    const { loginName, email } = await user('limited.help@example.com');
    const client = clientAt(context, '10.1.0.3');
    await client.get('/config.js');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await client.post('/auth/troubleSigningIn', { loginName: `nobody.${attempt}` });
    }
    tooMany(await client.post('/auth/troubleSigningIn', { loginName }));
    await context.app.services.background.drain();
    const emails = await context.database.db
      .select()
      .from(courierMessages)
      .where(eq(courierMessages.recipient, email));
    expect(emails).toEqual([]);
  });

  it('limits each signed-in user, whatever the address, and not the next user at that address', async () => {
    const { loginName } = await user();
    const client = clientAt(context, '10.1.0.4');
    expect((await client.signIn(loginName, TEST_PASSWORD)).statusCode).toBe(200);
    let answered = 0;
    let last = await client.get('/invoices/associationAccounts');
    while (last.statusCode === 200 && answered < 10) {
      answered += 1;
      last = await client.get('/invoices/associationAccounts');
    }
    expect(answered).toBe(6);
    tooMany(last);
    const moved = clientAt(context, '10.1.0.44');
    for (const [name, value] of client.cookies) moved.cookies.set(name, value);
    tooMany(await moved.get('/invoices/associationAccounts'));
    const other = clientAt(context, '10.1.0.4');
    const { loginName: otherName } = await user();
    expect((await other.signIn(otherName, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await other.get('/invoices/associationAccounts')).statusCode).toBe(200);
  });

  it('applies the payment-start limit by path, whatever the start route and its answer', async () => {
    const { loginName } = await user();
    const client = clientAt(context, '10.1.0.5');
    await client.signIn(loginName, TEST_PASSWORD);
    // Refused by validation (an unknown payment type), yet each start counts against the user's limit.
    expectError(await client.post('/payment/hpp/CC', {}), 400, 'VALIDATION_FAILED');
    expectError(await client.post('/payment/makePaymentOnAccount/CC', {}), 400, 'VALIDATION_FAILED');
    tooMany(await client.post('/payment/hppOnAccount/CC', {}));
  });

  it('limits every API call per address, and never the health probes nor the web app', async () => {
    const client = clientAt(context, '10.1.0.6');
    let last = await client.get('/config.js');
    for (let call = 0; call < 45 && last.statusCode === 200; call += 1) last = await client.get('/config.js');
    tooMany(last);
    const probe = await context.app.inject({ url: '/readyz', remoteAddress: '10.1.0.6' });
    expect(probe.statusCode).toBe(200);
    const page = await context.app.inject({ url: '/missing.js', remoteAddress: '10.1.0.6' });
    expectError(page, 404, 'NOT_FOUND');
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('rate limits shared through Redis by two server processes', () => {
  const contexts: TestContext[] = [];

  beforeAll(async () => {
    for (let n = 0; n < 2; n += 1) {
      const context = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_SIGN_IN: '3' });
      await buildTenant(context.database.db, { isDefault: true });
      contexts.push(context);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('counts the attempts made on either', async () => {
    // An address no other run uses within the window: the counters live in the shared Redis.
    const address = `10.${randomInt(2, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
    const [first, second] = contexts.map((context) => clientAt(context, address));
    const config = await first!.get('/config.js');
    expect(config.statusCode, config.body).toBe(200);
    await second!.get('/config.js');
    const attempt = (client: TestClient) =>
      client.post('/auth/login', { loginName: 'nobody', password: 'x' });
    for (const client of [first!, second!, first!]) {
      const response = await attempt(client);
      expect(response.statusCode, response.body).toBe(401);
    }
    tooMany(await attempt(second!));
  });
});
