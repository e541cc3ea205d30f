import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { type LoopbackOidcProvider, startOidcProvider } from '../../dev/oidc-provider';
import { buildCustomer, buildInvoice, buildTenant, buildUser } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, sessionRow } from '../auth/auth-test-support';
import { createSsoService } from './sso.service';
import { openSsoState, SSO_STATE_COOKIE, sealSsoState } from './sso-state';

const ORIGIN = 'https://portal.example.com';
const SSO_GUID = 'sso-test';
const PORTAL = {
  clientId: 'settle-portal',
  clientSecret: 'settle-portal-secret-0123456789',
  redirectUris: [`${ORIGIN}/sso`],
};
/** Another application at the same provider, whose codes and tokens are not the portal's. */
const OTHER_APP = {
  clientId: 'other-app',
  clientSecret: 'other-app-secret-0123456789',
  redirectUris: [`${ORIGIN}/sso`],
};

/** The provider's accounts: the portal knows some of them, in another case, or not at all. */
const PROVIDER_ACCOUNTS = [
  'sso.user',
  'SSO.User',
  'nobody.here',
  'pending.user',
  'password.user',
  'gone.user',
].map((login) => ({ login, password: `${login}-at-the-provider` }));

let provider: LoopbackOidcProvider;
let context: AuthTestContext;

beforeAll(async () => {
  provider = await startOidcProvider({ clients: [PORTAL, OTHER_APP], accounts: PROVIDER_ACCOUNTS });
  context = await createAuthTestApp({
    PUBLIC_ORIGIN: ORIGIN,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: PORTAL.clientId,
    OIDC_CLIENT_SECRET: PORTAL.clientSecret,
  });
  const { db } = context.database;
  const home = await buildTenant(db, { isDefault: true });
  const homeCustomer = await buildCustomer(db, home.id);
  await buildUser(db, home.id, { loginName: 'password.user', customers: [{ id: homeCustomer.id }] });
  const tenant = await buildTenant(db, { guid: SSO_GUID, ssoEnabled: true, appHeaderName: 'SSO Portal' });
  const customer = await buildCustomer(db, tenant.id, { company: 'Single Sign Ltd', custNo: 'S100' });
  await buildInvoice(db, customer);
  await buildUser(db, tenant.id, {
    loginName: 'sso.user',
    customers: [{ id: customer.id }],
    overrides: { firstName: 'Sam', lastName: 'Soong', passwordHash: 'sso-only: no password' },
  });
  await buildUser(db, tenant.id, { loginName: 'gone.user', overrides: { active: false } });
  await buildUser(db, tenant.id, { loginName: 'pending.user', overrides: { activatedAt: null } });
}, 60_000);
afterAll(async () => {
  await context.close();
  await provider.close();
});

async function browser() {
  const client = new TestClient(context);
  await client.get('/config.js');
  return client;
}

/** The start call of the login page's ssoLoginUrl: answers the provider's address. */
async function start(client: TestClient, guid = SSO_GUID) {
  const response = await client.get(`/auth/sso/start?solutionInstanceGuid=${guid}`);
  expect(response.statusCode, response.body).toBe(302);
  return response.headers.location as string;
}

/** What the SSO screen posts: the provider's answer on its query. */
function callbackBody(callback: URL) {
  return {
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    iss: callback.searchParams.get('iss') ?? undefined,
  };
}

/** The whole return trip to the portal: start, sign in at the provider, the answer to post. */
async function signOnAt(client: TestClient, login: string) {
  const callback = await provider.signIn(await start(client), login);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${ORIGIN}/sso`);
  return callbackBody(callback);
}

async function sessionCount(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    context.database.db,
    sql`select count(*)::int as count from sessions`,
  );
  return row!.count;
}

/** The app's own service on the same database and keys, with the log it writes kept for the test. */
function recordingSso() {
  const warnings: string[] = [];
  const ignore = () => {};
  const sso = createSsoService({
    config: context.config,
    auth: context.app.services.auth,
    sealer: context.app.services.sealer,
    logger: { info: ignore, error: ignore, warn: (message: string) => warnings.push(message) } as never,
  });
  return { sso, warnings };
}

function expectSsoFailed(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ statusCode: 401, code: 'SSO_FAILED' });
}

describe('POST /auth/prelogin for a single-sign-on tenant', () => {
  it('gives the start address of the tenant, whatever the login name', async () => {
    const client = await browser();
    for (const name of ['sso.user', 'nobody.known']) {
      const answer = (
        await client.post(`/auth/prelogin?solutionInstanceGuid=${SSO_GUID}`, { loginName: name })
      ).json();
      expect(answer).toMatchObject({
        sso: true,
        ssoLoginUrl: `/getpaid-rest/api/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`,
      });
    }
    const other = (await client.post('/auth/prelogin', { loginName: 'password.user' })).json();
    expect(other).toEqual({ key: expect.any(String), pincodeMethod: 'NONE', sso: false });
  });
});

describe('GET /auth/sso/start', () => {
  it("redirects to the provider's authorization endpoint with PKCE (S256), state, nonce and the SSO screen as redirect_uri", async () => {
    const client = await browser();
    const response = await client.get(`/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`);
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: PORTAL.clientId,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: `${ORIGIN}/sso`,
      code_challenge_method: 'S256',
    });
    expect(query.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const cookie = response.cookies.find((candidate) => candidate.name === SSO_STATE_COOKIE)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/getpaid-rest/api/auth',
      maxAge: 600,
    });
    const saved = openSsoState(context.app.services.sealer, cookie.value, Date.now())!;
    expect(saved).toMatchObject({ tenantGuid: SSO_GUID, state: query.state, nonce: query.nonce });
    expect(saved.redirectUri).toBe(`${ORIGIN}/sso`);
    expect(createHash('sha256').update(saved.codeVerifier).digest('base64url')).toBe(query.code_challenge);
    expect(saved.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);

    const again = new URL(await start(client));
    expect(again.searchParams.get('state')).not.toBe(query.state);
    expect(again.searchParams.get('nonce')).not.toBe(query.nonce);
  });

  it('refuses a tenant without single sign-on: 503 for the API, the SSO screen with the code for a browser', async () => {
    const client = await browser();
    const response = await client.get('/auth/sso/start');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SSO_NOT_CONFIGURED' });
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain(SSO_STATE_COOKIE);
    const page = await client.request({
      method: 'GET',
      url: '/auth/sso/start',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/sso?error=SSO_NOT_CONFIGURED');
  });
});

describe('POST /auth/ssologin', () => {
  it('signs in the user the provider names, in a new session, and forgets the sign-on state', async () => {
    const client = await browser();
    // The browser already had a session (another user's): the sign-on must not keep it.
    await client.signIn('password.user', 'Correct-horse-9');
    const previous = client.cookies.get('SETTLE_SESSION');
    expect((await sessionRow(context, previous))?.state).toBe('active');

    // The provider's login is matched case-insensitively to the portal's login name.
    const body = await signOnAt(client, 'SSO.User');
    expect(body.iss).toBe(provider.issuer);
    const response = await client.post('/auth/ssologin', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      loginName: 'sso.user',
      fullName: 'Sam Soong',
      appHeaderName: 'SSO Portal',
      currentCustNo: 'S100',
      customers: [expect.objectContaining({ custNo: 'S100', company: 'Single Sign Ltd' })],
    });

    const token = client.cookies.get('SETTLE_SESSION');
    expect(token).toBeDefined();
    expect(token).not.toBe(previous);
    expect(await sessionRow(context, previous)).toBeUndefined();
    expect(await sessionRow(context, token)).toMatchObject({ state: 'active' });
    expect(client.cookies.has(SSO_STATE_COOKIE)).toBe(false);

    const accounts = await client.get('/invoices/associationAccounts');
    expect(accounts.statusCode).toBe(200);
    expect(JSON.stringify(accounts.json())).toContain('S100');
  });

  it('refuses a state other than the one this browser started with, and starts no session', async () => {
    const client = await browser();
    const body = await signOnAt(client, 'sso.user');
    const before = await sessionCount();
    expectSsoFailed(await client.post('/auth/ssologin', { ...body, state: `${body.state.slice(0, -2)}xx` }));
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
    expect(await sessionCount()).toBe(before);
    // The state cookie is spent: the genuine answer cannot be tried after a forged one.
    expect(client.cookies.has(SSO_STATE_COOKIE)).toBe(false);
    expectSsoFailed(await client.post('/auth/ssologin', body));
  });

  it('refuses a missing, altered, expired or re-purposed state cookie', async () => {
    const client = await browser();
    const body = await signOnAt(client, 'sso.user');
    const sealed = client.cookies.get(SSO_STATE_COOKIE)!;
    const sealer = context.app.services.sealer;
    const saved = openSsoState(sealer, sealed, Date.now())!;
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    const variants: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['altered', flipped],
      ['expired', sealSsoState(sealer, { ...saved, expiresAt: Date.now() - 1000 })],
      ['sealed for another purpose', sealer.seal('namedUser', JSON.stringify(saved))],
    ];
    const before = await sessionCount();
    for (const [label, value] of variants) {
      if (value === undefined) client.cookies.delete(SSO_STATE_COOKIE);
      else client.cookies.set(SSO_STATE_COOKIE, value);
      const response = await client.post('/auth/ssologin', body);
      expect(response.statusCode, label).toBe(401);
      expect(response.json().code, label).toBe('SSO_FAILED');
    }
    expect(await sessionCount()).toBe(before);
    // The genuine cookie still works: none of the refusals spent the provider's code.
    client.cookies.set(SSO_STATE_COOKIE, sealed);
    expect((await client.post('/auth/ssologin', body)).json().loginName).toBe('sso.user');
  });

  it('refuses a code the provider issued to another client', async () => {
    const client = await browser();
    await start(client);
    const saved = openSsoState(
      context.app.services.sealer,
      client.cookies.get(SSO_STATE_COOKIE)!,
      Date.now(),
    )!;
    // The other client's own sign-on, answered with our state, as an attacker would inject it.
    const foreign = new URL(`${provider.issuer}/auth`);
    foreign.search = new URLSearchParams({
      client_id: OTHER_APP.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${ORIGIN}/sso`,
      state: saved.state,
      nonce: saved.nonce,
      code_challenge: createHash('sha256').update(saved.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const callback = await provider.signIn(foreign.href, 'sso.user');
    const before = await sessionCount();
    expectSsoFailed(await client.post('/auth/ssologin', callbackBody(callback)));
    expect(await sessionCount()).toBe(before);
  });

  it("refuses an ID token whose audience is another client, even genuinely signed and with this sign-on's nonce", async () => {
    const client = await browser();
    const body = await signOnAt(client, 'sso.user');
    const sealedState = client.cookies.get(SSO_STATE_COOKIE)!;
    const saved = openSsoState(context.app.services.sealer, sealedState, Date.now())!;
    provider.substituteNextIdToken(
      await provider.idTokenFor({
        clientId: OTHER_APP.clientId,
        login: 'sso.user',
        nonce: saved.nonce,
      }),
    );
    const { sso, warnings } = recordingSso();
    const before = await sessionCount();
    await expect(
      sso.complete({ sealedState, request: body, ipAddress: '127.0.0.1', userAgent: 'test' }),
    ).rejects.toMatchObject({ statusCode: 401, code: 'SSO_FAILED' });
    expect(warnings.join('\n')).toMatch(/"aud" \(audience\)/);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an ID token of another sign-on (nonce mismatch)', async () => {
    const client = await browser();
    const body = await signOnAt(client, 'sso.user');
    const sealedState = client.cookies.get(SSO_STATE_COOKIE)!;
    provider.substituteNextIdToken(
      await provider.idTokenFor({
        clientId: PORTAL.clientId,
        login: 'sso.user',
        nonce: 'a-nonce-of-another-sign-on',
      }),
    );
    const { sso, warnings } = recordingSso();
    await expect(
      sso.complete({ sealedState, request: body, ipAddress: '127.0.0.1', userAgent: 'test' }),
    ).rejects.toMatchObject({ code: 'SSO_FAILED' });
    expect(warnings.join('\n')).toMatch(/"nonce"/);
  });

  it('answers SSO_FAILED through the route for a substituted ID token, and starts no session', async () => {
    const client = await browser();
    const body = await signOnAt(client, 'sso.user');
    provider.substituteNextIdToken(
      await provider.idTokenFor({
        clientId: OTHER_APP.clientId,
        login: 'sso.user',
        nonce: openSsoState(context.app.services.sealer, client.cookies.get(SSO_STATE_COOKIE)!, Date.now())!
          .nonce,
      }),
    );
    expectSsoFailed(await client.post('/auth/ssologin', body));
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
  });

  it('refuses a code used once already', async () => {
    const client = await browser();
    const body = await signOnAt(client, 'sso.user');
    const sealed = client.cookies.get(SSO_STATE_COOKIE)!;
    expect((await client.post('/auth/ssologin', body)).statusCode).toBe(200);

    const replay = await browser();
    replay.cookies.set(SSO_STATE_COOKIE, sealed);
    expectSsoFailed(await replay.post('/auth/ssologin', body));
    expect(replay.cookies.has('SETTLE_SESSION')).toBe(false);
  });

  it('refuses a login the tenant does not know, one never activated and one of another tenant', async () => {
    for (const login of ['nobody.here', 'pending.user', 'password.user']) {
      const client = await browser();
      const response = await client.post('/auth/ssologin', await signOnAt(client, login));
      expect(response.statusCode, login).toBe(401);
      expect(response.json(), login).toMatchObject({ code: 'SSO_UNKNOWN_USER' });
      expect(client.cookies.has('SETTLE_SESSION'), login).toBe(false);
    }
  });

  it('answers 415 USER_INACTIVE for a deactivated user, as the password sign-in does', async () => {
    const client = await browser();
    const response = await client.post('/auth/ssologin', await signOnAt(client, 'gone.user'));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'USER_INACTIVE' });
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
  });

  it('is a state-changing call like any other: no XSRF header, no sign-in; bad input changes nothing', async () => {
    const client = await browser();
    const body = await signOnAt(client, 'sso.user');
    const forged = await client.request({
      method: 'POST',
      url: '/auth/ssologin',
      payload: body,
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_REJECTED');
    const invalid = await client.post('/auth/ssologin', { state: body.state });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual([{ field: 'body.code', message: expect.any(String) }]);
    // Neither refusal spent the sign-on.
    expect((await client.post('/auth/ssologin', body)).json().loginName).toBe('sso.user');
  });
});
