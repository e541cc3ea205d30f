import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import {
  buildCustomer,
  buildLegalTemplate,
  buildTenant,
  buildUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';
import { hashToken } from './session.service';

let context: TestContext;
let loginName: string;
let userId: number;

async function sessionCount(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    context.database.db,
    sql`select count(*)::int as count from sessions`,
  );
  return row!.count;
}

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const usd = await buildCustomer(db, tenant.id, { company: 'Alpha Tools', currencies: ['USD', 'CAD'] });
  const eur = await buildCustomer(db, tenant.id, { company: 'Beta Foods', currencies: ['EUR'] });
  const user = await buildUser(db, tenant.id, {
    loginName: 'Pat.Jones',
    roles: ['TR_USER.ALLOW_PAY'],
    customers: [{ id: usd.id }, { id: eur.id, defAccount: true }],
    overrides: { firstName: 'Pat', lastName: 'Jones', language: 'fr', localeForFormatting: 'fr-FR' },
  });
  loginName = user.loginName;
  userId = user.id;
  await buildLegalTemplate(db, { tenantId: tenant.id, type: 1, language: 'en', value: 'We keep little.' });
  await buildLegalTemplate(db, { tenantId: tenant.id, type: 1, language: 'fr', value: 'Nous gardons peu.' });
});
afterAll(() => context.close());

describe('POST /auth/login', () => {
  it('answers the user data of the specification and starts a session', async () => {
    const client = new TestClient(context);
    const response = await client.signIn('pat.jones', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      loginName: 'Pat.Jones',
      fullName: 'Pat Jones',
      firstName: 'Pat',
      lastName: 'Jones',
      language: 'fr',
      localeForFormatting: 'fr-FR',
      roles: ['TR_USER.ALLOW_PAY'],
      // The default account overrides the first customer at sign-in.
      currentCustNo: body.customers[1].custNo,
      currencyCode: 'EUR',
      currencyMap: { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$' },
    });
    expect(body.customers.map((customer: { company: string }) => customer.company)).toEqual([
      'Alpha Tools',
      'Beta Foods',
    ]);
    expect(body.currentCustomer.company).toBe('Beta Foods');
    expect(body.sessionId).toMatch(/^[0-9a-f]{24}$/);
    const sessionCookie = response.cookies.find((cookie) => cookie.name === 'SETTLE_SESSION');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Only the hash of the token is stored.
    const stored = await context.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.publicId, body.sessionId));
    expect(stored[0]!.tokenHash).toBe(hashToken(sessionCookie!.value));
    expect(stored[0]!.tokenHash).not.toBe(sessionCookie!.value);
  });

  it('answers one generic message for a wrong password and an unknown login, and creates no session', async () => {
    const before = await sessionCount();
    const wrongPassword = await new TestClient(context).signIn(loginName, 'not-the-password');
    const unknownUser = await new TestClient(context).signIn('nobody.here', 'not-the-password');
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'The login name or password is not correct.',
      });
      expect(response.cookies.find((cookie) => cookie.name === 'SETTLE_SESSION')).toBeUndefined();
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a body without a login name with a field message', async () => {
    const client = new TestClient(context);
    await client.get('/config.js');
    const response = await client.post('/auth/login', { loginName: '  ', password: 'x' });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().fieldErrors).toContainEqual({
      field: 'body.loginName',
      message: 'Enter your login name',
    });
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
  });

  it('rotates the session at sign-in: the old token stops working', async () => {
    const client = new TestClient(context);
    await client.signIn(loginName, TEST_PASSWORD);
    const firstToken = client.cookies.get('SETTLE_SESSION')!;
    await client.post('/auth/login', { loginName, password: TEST_PASSWORD });
    const secondToken = client.cookies.get('SETTLE_SESSION')!;
    expect(secondToken).not.toBe(firstToken);
    const stale = await context.app.inject({
      url: `${context.api}/invoices/associationAccounts`,
      cookies: { SETTLE_SESSION: firstToken },
    });
    expectError(stale, 401, 'UNAUTHENTICATED');
    expect(
      await context.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(firstToken))),
    ).toEqual([]);
    expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);
  });

  it('refuses sign-in for a deactivated user with 415', async () => {
    const { db } = context.database;
    const [tenant] = await db.select({ id: users.tenantId }).from(users).where(eq(users.id, userId));
    const inactive = await buildUser(db, tenant!.id, { overrides: { active: false } });
    const response = await new TestClient(context).signIn(inactive.loginName, TEST_PASSWORD);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('USER_INACTIVE');
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without the header, with a mismatched header, or with a token of another session', async () => {
    const client = new TestClient(context);
    await client.signIn(loginName, TEST_PASSWORD);
    const custNo = (await client.get('/invoices/associationAccounts')).json()[0].custNo;

    const missing = await client.request({
      method: 'PUT',
      url: `/user/currenctCust/${custNo}`,
      payload: {},
      csrf: false,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('CSRF_REJECTED');

    const other = new TestClient(context);
    await other.signIn(loginName, TEST_PASSWORD);
    const foreignToken = other.cookies.get('XSRF-TOKEN')!;
    const mismatched = await client.request({
      method: 'PUT',
      url: `/user/currenctCust/${custNo}`,
      payload: {},
      csrf: false,
      headers: { 'x-xsrf-token': foreignToken },
    });
    expectError(mismatched, 403, 'CSRF_REJECTED');

    // Cookie and header agree, but the token is not the one bound to this session.
    client.cookies.set('XSRF-TOKEN', foreignToken);
    const wrongSession = await client.put(`/user/currenctCust/${custNo}`, {});
    expectError(wrongSession, 403, 'CSRF_REJECTED');

    // The refused calls changed nothing: the session still has the default account, not custNo.
    const tokenHash = hashToken(client.cookies.get('SETTLE_SESSION')!);
    const [row] = await context.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(row!.currentCustNo).not.toBe(custNo);
    client.cookies.set('XSRF-TOKEN', row!.csrfToken);
    expect((await client.put(`/user/currenctCust/${custNo}`, {})).json().currentCustNo).toBe(custNo);
  });

  it('refuses sign-in without the XSRF header', async () => {
    const client = new TestClient(context);
    await client.get('/config.js');
    const before = await sessionCount();
    const response = await client.request({
      method: 'POST',
      url: '/auth/login',
      payload: { loginName, password: TEST_PASSWORD },
      csrf: false,
    });
    expectError(response, 403, 'CSRF_REJECTED');
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
    expect(await sessionCount()).toBe(before);
  });
});

describe('sessions', () => {
  it('answers 401 without a session, and with a made-up token', async () => {
    const anonymous = await new TestClient(context).get('/invoices/associationAccounts');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const forged = await context.app.inject({
      url: `${context.api}/invoices/associationAccounts`,
      cookies: { SETTLE_SESSION: 'made-up-token' },
    });
    expectError(forged, 401, 'UNAUTHENTICATED');
  });

  it('ends the session at sign-out: the old cookie no longer works', async () => {
    const client = new TestClient(context);
    await client.signIn(loginName, TEST_PASSWORD);
    const token = client.cookies.get('SETTLE_SESSION')!;
    const logout = await client.get('/auth/logout');
    expect(logout.json()).toEqual({ loggedOut: true });
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
    const replay = await context.app.inject({
      url: `${context.api}/invoices/associationAccounts`,
      cookies: { SETTLE_SESSION: token },
    });
    expectError(replay, 401, 'UNAUTHENTICATED');
    const rows = await context.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(0);
  });

  it('expires a session idle for longer than the idle limit with SESSION_EXPIRED', async () => {
    const client = new TestClient(context);
    await client.signIn(loginName, TEST_PASSWORD);
    const tokenHash = hashToken(client.cookies.get('SETTLE_SESSION')!);
    const idleSince = new Date(Date.now() - (context.config.session.idleMinutes + 1) * 60_000);
    await context.database.db
      .update(sessions)
      .set({ lastSeenAt: idleSince })
      .where(eq(sessions.tokenHash, tokenHash));
    const response = await client.get('/invoices/associationAccounts');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_EXPIRED');
    expect(
      await context.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)),
    ).toHaveLength(0);
  });

  it('expires a session past its absolute limit even when active', async () => {
    const client = new TestClient(context);
    await client.signIn(loginName, TEST_PASSWORD);
    const tokenHash = hashToken(client.cookies.get('SETTLE_SESSION')!);
    await context.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    const response = await client.get('/invoices/associationAccounts');
    expect(response.json().code).toBe('SESSION_EXPIRED');
  });

  it('answers 415 on the next call after the user is deactivated', async () => {
    const { db } = context.database;
    const [tenant] = await db.select({ id: users.tenantId }).from(users).where(eq(users.id, userId));
    const customer = await buildCustomer(db, tenant!.id);
    const soonInactive = await buildUser(db, tenant!.id, { customers: [{ id: customer.id }] });
    const client = new TestClient(context);
    await client.signIn(soonInactive.loginName, TEST_PASSWORD);
    expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);
    await db.update(users).set({ active: false }).where(eq(users.id, soonInactive.id));
    const response = await client.get('/invoices/associationAccounts');
    expectError(response, 415, 'USER_INACTIVE');
    expect(response.json().message).toContain('deactivated');
  });
});

describe('GET /auth/privacyTemplate', () => {
  it('answers the text in the browser language, falls back to English, and is empty when there is none', async () => {
    const client = new TestClient(context);
    expect(
      (await client.get('/auth/privacyTemplate?type=1&userBrowserPreferedLanguage=fr-CA')).json(),
    ).toEqual({
      value: 'Nous gardons peu.',
    });
    expect(
      (await client.get('/auth/privacyTemplate?type=1&userBrowserPreferedLanguage=de')).json().value,
    ).toBe('We keep little.');
    expect((await client.get('/auth/privacyTemplate?type=2')).json()).toEqual({ value: '' });
    const unknownType = expectError(
      await client.get('/auth/privacyTemplate?type=3'),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknownType.fieldErrors).toEqual([{ field: 'querystring.type', message: expect.any(String) }]);
  });
});
