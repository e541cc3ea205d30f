import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, courierMessages } from '../../db/schema/access';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { hashAccountCode } from './account-tokens';
import { createKeyed } from './auth-secret';
import { type AuthTestContext, createAuthTestApp, recordQueries } from './auth-test-support';
import { decoyPincodeMethod } from './prelogin.service';

let context: AuthTestContext;
let tenantId: number;
let customerId: number;

beforeAll(async () => {
  context = await createAuthTestApp({ PUBLIC_ORIGIN: 'https://portal.example.com' });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true, appHeaderName: 'Acme Portal' });
  tenantId = tenant.id;
  customerId = (await buildCustomer(db, tenant.id)).id;
  const customers = [{ id: customerId }];
  await buildUser(db, tenant.id, {
    loginName: 'pin.user',
    overrides: { pinPolicy: 'SMS', smsPhone: '5550100' },
  });
  await buildUser(db, tenant.id, {
    loginName: 'plain.user',
    customers,
    overrides: { email: 'plain@example.com' },
  });
});
afterAll(() => context.close());

async function client() {
  const created = new TestClient(context);
  await created.get('/config.js');
  return created;
}

/** The login name as the specification sends it: the body is a JSON string. */
function postName(caller: TestClient, url: string, loginName: string) {
  return caller.request({
    method: 'POST',
    url,
    payload: JSON.stringify(loginName),
    headers: { 'content-type': 'application/json' },
  });
}

function emailsTo(recipient: string) {
  return context.database.db.select().from(courierMessages).where(eq(courierMessages.recipient, recipient));
}

describe('POST /auth/prelogin', () => {
  it('answers the PIN method of a known login, by a JSON string, an object or plain text', async () => {
    const caller = await client();
    const pin = await postName(caller, '/auth/prelogin', 'PIN.USER');
    expect(pin.statusCode).toBe(200);
    expect(pin.json()).toEqual({ key: expect.any(String), pincodeMethod: 'SMS', sso: false });
    expect((await caller.post('/auth/prelogin', { loginName: 'plain.user' })).json().pincodeMethod).toBe(
      'NONE',
    );
    const text = await caller.request({
      method: 'POST',
      url: '/auth/prelogin',
      payload: 'pin.user',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.json().pincodeMethod).toBe('SMS');
  });

  it('answers an unknown name in the same shape, stable across calls, with a fresh random key each time', async () => {
    const caller = await client();
    const known = (await postName(caller, '/auth/prelogin', 'plain.user')).json();
    const first = (await postName(caller, '/auth/prelogin', 'nobody.at.all')).json();
    const second = (await postName(caller, '/auth/prelogin', 'NOBODY.AT.ALL')).json();
    expect(Object.keys(first).sort()).toEqual(Object.keys(known).sort());
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(known.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.key).not.toBe(first.key);
    expect(second.pincodeMethod).toBe(first.pincodeMethod);
    expect(['SMS', 'NONE']).toContain(first.pincodeMethod);
  });

  it('does the same database work for a known and an unknown name', async () => {
    const caller = await client();
    const known = await recordQueries(context, () => postName(caller, '/auth/prelogin', 'pin.user'));
    const unknown = await recordQueries(context, () => postName(caller, '/auth/prelogin', 'no.such.user'));
    expect(known.length).toBeGreaterThanOrEqual(3);
    expect(unknown).toEqual(known);
  });

  it('draws decoys with the tenant share of SMS users: none when nobody has a PIN policy', () => {
    const keyed = createKeyed('k'.repeat(32));
    const names = Array.from({ length: 400 }, (_, index) => `NAME.${index}`);
    const draw = (smsShare: number) =>
      names.filter((loginKey) => decoyPincodeMethod({ keyed, tenantId: 1, loginKey, smsShare }) === 'SMS')
        .length;
    expect(draw(0)).toBe(0);
    expect(draw(1)).toBe(400);
    expect(draw(0.25)).toBeGreaterThan(60);
    expect(draw(0.25)).toBeLessThan(140);
  });

  it('says when the tenant uses single sign-on', async () => {
    const sso = await buildTenant(context.database.db, { ssoEnabled: true });
    const caller = await client();
    const response = await postName(caller, `/auth/prelogin?solutionInstanceGuid=${sso.guid}`, 'anyone');
    expect(response.json()).toMatchObject({ sso: true });
  });

  it('refuses an empty name with a field message', async () => {
    const caller = await client();
    const response = await postName(caller, '/auth/prelogin', '  ');
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().fieldErrors).toEqual([{ field: 'body', message: 'Enter your login name' }]);
  });
});

describe('POST /auth/troubleSigningIn', () => {
  let sequence = 0;
  /** A user of its own for each test: recovery emails are throttled per login. */
  function helpSeeker(overrides: NonNullable<Parameters<typeof buildUser>[2]>['overrides'] = {}) {
    const n = ++sequence;
    return buildUser(context.database.db, tenantId, {
      loginName: `help.seeker.${n}`,
      customers: [{ id: customerId }],
      overrides: { email: `seeker.${n}@example.com`, ...overrides },
    });
  }

  function tokensOf(userId: number) {
    return context.database.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
  }

  it('emails a single-use recovery link to a known login, after answering', async () => {
    const user = await helpSeeker();
    const caller = await client();
    const response = await postName(caller, '/auth/troubleSigningIn', user.loginName.toUpperCase());
    expect(response.json()).toEqual({ sent: true });
    // The work happens after the answer.
    expect(await emailsTo(user.email)).toHaveLength(0);
    await context.drain();
    const [email] = await emailsTo(user.email);
    expect(email).toMatchObject({ channel: 'email', subject: 'Acme Portal: sign-in help', status: 'sent' });
    const link =
      /https:\/\/portal\.example\.com\/resetPassword\?companyId=([\w-]+)&code=([\w-]{43})&namedUser=([\w-]+)\n/.exec(
        email!.body,
      );
    expect(link).not.toBeNull();
    // The company and the login name travel sealed: the reset page sends them back unchanged.
    const { sealer } = context.app.services;
    expect(sealer.open('companyId', link![1]!)).toBe(String(customerId));
    expect(sealer.open('namedUser', link![3]!)).toBe(user.loginName);
    expect(email!.body).not.toContain(`namedUser=${user.loginName}`);
    const [token] = await context.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.codeHash, hashAccountCode(link![2]!)));
    expect(token).toMatchObject({ purpose: 'recovery', usedAt: null, userId: user.id });
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(60 * 60_000);
    expect(email!.body).toContain('expires in 60 minutes');
  });

  it('writes in the user language', async () => {
    const user = await helpSeeker({ language: 'fr', firstName: 'Marie' });
    const caller = await client();
    await caller.post('/auth/troubleSigningIn', { loginName: user.loginName.toUpperCase() });
    await context.drain();
    const [email] = await emailsTo(user.email);
    expect(email!.subject).toBe('Acme Portal : aide à la connexion');
    expect(email!.body).toMatch(/^Bonjour Marie,/);
  });

  it('answers alike, with the same request work, for unknown, inactive and email-less logins, and sends nothing', async () => {
    const known = await helpSeeker();
    const inactive = await helpSeeker({ active: false });
    const emailless = await helpSeeker({ email: '' });
    const caller = await client();
    const knownWork = await recordQueries(context, async () => {
      expect((await postName(caller, '/auth/troubleSigningIn', known.loginName)).json()).toEqual({
        sent: true,
      });
    });
    expect(knownWork.length).toBeGreaterThanOrEqual(2);
    for (const name of ['NOBODY.HERE', inactive.loginName, emailless.loginName]) {
      const other = await recordQueries(context, async () => {
        const response = await postName(caller, '/auth/troubleSigningIn', name.toUpperCase());
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ sent: true });
      });
      expect(other, name).toEqual(knownWork);
    }
    await context.drain();
    expect(await emailsTo(known.email)).toHaveLength(1);
    expect(await emailsTo(inactive.email)).toHaveLength(0);
    expect(await tokensOf(known.id)).toHaveLength(1);
    expect(await tokensOf(inactive.id)).toHaveLength(0);
    expect(await tokensOf(emailless.id)).toHaveLength(0);
  });

  it('does the same background read for an unknown login as for a known one', async () => {
    const known = await helpSeeker();
    const caller = await client();
    await context.drain();
    await postName(caller, '/auth/troubleSigningIn', 'NOBODY.AT.ALL');
    const unknownWork = await recordQueries(context, () => context.drain());
    await postName(caller, '/auth/troubleSigningIn', known.loginName);
    const knownWork = await recordQueries(context, () => context.drain());
    // Both read the recovery throttle; only the known login goes on to write a token and an email.
    expect(unknownWork).toHaveLength(1);
    expect(unknownWork[0]).toContain('account_tokens');
    expect(knownWork[0]).toBe(unknownWork[0]);
    expect(knownWork.length).toBeGreaterThan(1);
  });

  it('sends at most one recovery email a minute per login', async () => {
    const user = await helpSeeker();
    const caller = await client();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await postName(caller, '/auth/troubleSigningIn', user.loginName);
      await context.drain();
    }
    expect(await emailsTo(user.email)).toHaveLength(1);
    expect(await tokensOf(user.id)).toHaveLength(1);
  });
});
