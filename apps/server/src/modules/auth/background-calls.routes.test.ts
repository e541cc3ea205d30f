import { BACKGROUND_HEADER } from '@settle/shared/background-calls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';
import { hashToken } from './session.service';

/**
 * The web app's polls carry X-Settle-Background: 1. They are authenticated like any call but are
 * not activity, so an open tab that only polls is signed out after the idle limit. The sessions'
 * clock is moved with the test clock (SETTLE_TEST_CLOCK), as the browser tests do.
 */
const IDLE_MINUTES = 30;
const SAMPLE = '/invoices/associationAccounts';

let context: TestContext;
let loginName: string;

beforeAll(async () => {
  context = await createTestApp({ SETTLE_TEST_CLOCK: '1', SESSION_IDLE_MINUTES: String(IDLE_MINUTES) });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id, { currencies: ['USD'] });
  const user = await buildUser(db, tenant.id, { customers: [{ id: customer.id, defAccount: true }] });
  loginName = user.loginName;
});
afterAll(() => context?.close());

async function signIn(): Promise<TestClient> {
  const client = new TestClient(context);
  expect((await client.signIn(loginName, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

/** The clock is moved by a client of its own, so that moving it is no call of the session under test. */
async function advance(minutes: number) {
  const operator = new TestClient(context);
  await operator.get('/config.js');
  expect((await operator.post('/dev/clock/advance', { minutes })).statusCode).toBe(200);
}

function poll(client: TestClient) {
  return client.request({ method: 'GET', url: SAMPLE, headers: { [BACKGROUND_HEADER]: '1' } });
}

async function lastSeenOf(client: TestClient): Promise<Date | undefined> {
  const tokenHash = hashToken(client.cookies.get('SETTLE_SESSION') ?? '');
  const [row] = await context.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.lastSeenAt;
}

describe('background calls (X-Settle-Background: 1) and the idle time-out', () => {
  it('answers polls on a live session without extending it: past the idle limit it has expired', async () => {
    const client = await signIn();
    const signedInAt = await lastSeenOf(client);
    expect(signedInAt).toBeInstanceOf(Date);

    await advance(20);
    const polled = await poll(client);
    expect(polled.statusCode).toBe(200);
    expect(polled.json()).toEqual(expect.any(Array));
    expect(await lastSeenOf(client)).toEqual(signedInAt);

    // 35 minutes since the user's last call; the poll 15 minutes ago does not count.
    await advance(15);
    const expired = await poll(client);
    expectError(expired, 401, 'SESSION_EXPIRED');
    expect(await lastSeenOf(client)).toBeUndefined();
    // The session cookie is cleared, as for any expired session: the web app signs the user out.
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
  });

  it("extends the session on the user's own call, as before", async () => {
    const client = await signIn();
    const signedInAt = await lastSeenOf(client);
    await advance(20);
    expect((await client.get(SAMPLE)).statusCode).toBe(200);
    const touched = await lastSeenOf(client);
    expect(touched!.getTime()).toBeGreaterThanOrEqual(signedInAt!.getTime() + 20 * 60_000);

    // 35 minutes since sign-in but 15 since the user's call: still signed in, polls included.
    await advance(15);
    const polled = await poll(client);
    expect(polled.statusCode).toBe(200);
    expect(await lastSeenOf(client)).toEqual(touched);
  });

  it('counts any other value of the header as activity', async () => {
    const client = await signIn();
    const signedInAt = await lastSeenOf(client);
    await advance(20);
    const response = await client.request({
      method: 'GET',
      url: SAMPLE,
      headers: { [BACKGROUND_HEADER]: 'yes' },
    });
    expect(response.statusCode).toBe(200);
    expect((await lastSeenOf(client))!.getTime()).toBeGreaterThan(signedInAt!.getTime());
  });

  it('refuses a poll without a session as any call', async () => {
    const anonymous = new TestClient(context);
    await anonymous.get('/config.js');
    expectError(await poll(anonymous), 401, 'UNAUTHENTICATED');
  });
});
