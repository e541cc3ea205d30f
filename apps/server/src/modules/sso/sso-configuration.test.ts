import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider } from '../../dev/oidc-provider';
import { buildTenant } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';
import { allowsPlainHttp } from './oidc-client';
import { SSO_STATE_COOKIE } from './sso-state';

const SSO_GUID = 'sso-tenant';

async function appWith(environment: Record<string, string>) {
  const context = await createTestApp(environment);
  await buildTenant(context.database.db, { isDefault: true });
  await buildTenant(context.database.db, { guid: SSO_GUID, ssoEnabled: true });
  const client = new TestClient(context);
  await client.get('/config.js');
  return { context, client };
}

/** A port nothing listens on (yet). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('single sign-on without OIDC settings', () => {
  let context: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    ({ context, client } = await appWith({}));
  });
  afterAll(() => context.close());

  it('says the tenant uses single sign-on but gives no address to go to', async () => {
    const answer = (
      await client.post(`/auth/prelogin?solutionInstanceGuid=${SSO_GUID}`, { loginName: 'anyone' })
    ).json();
    expect(answer).toEqual({ key: expect.any(String), pincodeMethod: 'NONE', sso: true });
  });

  it('answers 503 SSO_NOT_CONFIGURED at the start and at the return', async () => {
    const started = await client.get(`/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`);
    expect(started.statusCode).toBe(503);
    expect(started.json()).toMatchObject({
      code: 'SSO_NOT_CONFIGURED',
      message: expect.stringContaining('not set up'),
    });
    expect(started.cookies.map((cookie) => cookie.name)).not.toContain(SSO_STATE_COOKIE);
    const completed = await client.post('/auth/ssologin', { code: 'a-code', state: 'a-state' });
    expect(completed.statusCode).toBe(503);
    expect(completed.json().code).toBe('SSO_NOT_CONFIGURED');
  });
});

describe('single sign-on with a provider that cannot be reached', () => {
  let context: TestContext;
  let client: TestClient;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    ({ context, client } = await appWith({
      PUBLIC_ORIGIN: 'http://portal.test',
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: 'settle-portal',
      OIDC_CLIENT_SECRET: 'settle-portal-secret-0123456789',
    }));
  });
  afterAll(() => context.close());

  it('answers 503 SSO_FAILED (the browser: the SSO screen with the code), then works once the provider is up', async () => {
    const api = await client.get(`/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`);
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({
      code: 'SSO_FAILED',
      message: expect.stringContaining('cannot be reached'),
    });
    const page = await client.request({
      method: 'GET',
      url: `/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.headers.location).toBe('/sso?error=SSO_FAILED');

    // A failed discovery is not remembered: the next sign-on finds the provider.
    const provider = await startOidcProvider({
      accounts: [],
      clients: [
        {
          clientId: 'settle-portal',
          clientSecret: 'settle-portal-secret-0123456789',
          redirectUris: ['http://portal.test/sso'],
        },
      ],
      port,
    });
    try {
      const retry = await client.get(`/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`);
      expect(retry.statusCode).toBe(302);
      expect(retry.headers.location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth\\?`));
    } finally {
      await provider.close();
    }
  });
});

describe('the provider address', () => {
  it('must be https, except for a provider on this machine', () => {
    expect(allowsPlainHttp(new URL('http://127.0.0.1:4000'))).toBe(true);
    expect(allowsPlainHttp(new URL('http://localhost:4000/realms/x'))).toBe(true);
    expect(allowsPlainHttp(new URL('http://[::1]:4000'))).toBe(true);
    expect(allowsPlainHttp(new URL('http://idp.example.com'))).toBe(false);
    expect(allowsPlainHttp(new URL('https://idp.example.com'))).toBe(false);
  });

  it('refuses a plain-http provider that is not on this machine', async () => {
    const { context, client } = await appWith({
      OIDC_ISSUER: 'http://idp.example.com',
      OIDC_CLIENT_ID: 'settle-portal',
    });
    try {
      const response = await client.get(`/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('SSO_FAILED');
    } finally {
      await context.close();
    }
  });
});
