import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEMO_PASSWORD } from '../db/seed/demo-catalogue';
import { SSO_DEMO_LOGIN, SSO_DEMO_TENANT, seedSsoDemoTenant } from '../db/seed/demo-sso-tenant';
import { buildTenant } from '../test/factories';
import { createTestApp, TestClient, type TestContext } from '../test/test-app';
import { type DemoSso, startDemoSso } from './demo-sso';

/** What `npm start` sets (scripts/start.mjs), on its default port. */
const DEMO_START = { NODE_ENV: 'production', DEV_OUTBOX: 'true', PORT: '3000' };
/** What `npm run start:prod` sets. */
const PRODUCTION_START = { NODE_ENV: 'production', PORT: '3000' };
/** The README's address of the portal, as the browser names it. */
const README_HOST = { host: 'localhost:3000' };

const load = (environment: Record<string, string>) =>
  loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...environment });

async function portalWith(
  environment: Record<string, string>,
  demo: DemoSso | undefined,
): Promise<{ context: TestContext; client: TestClient }> {
  const context = await createTestApp(environment, (config) => demo?.config ?? config);
  await buildTenant(context.database.db, { isDefault: true });
  await seedSsoDemoTenant(context.database.db, { seed: 1, today: new Date('2026-11-22T12:00:00Z') });
  const client = new TestClient(context);
  await client.get('/config.js');
  return { context, client };
}

describe('the demo start (development aids on, no OIDC settings)', () => {
  let demo: DemoSso | undefined;
  let context: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    demo = await startDemoSso(load(DEMO_START));
    ({ context, client } = await portalWith(DEMO_START, demo));
  });
  afterAll(async () => {
    await context.close();
    await demo?.close();
  });

  it('runs a loopback OpenID provider and makes it the portal’s, with the demo account in its announcement', () => {
    expect(demo).toBeDefined();
    expect(demo!.provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo!.config.oidc).toMatchObject({
      issuer: demo!.provider.issuer,
      loginClaim: 'preferred_username',
    });
    expect(demo!.announcement).toContain('/login?solutionInstanceGuid=sso-demo');
    expect(demo!.announcement).toContain(`${SSO_DEMO_LOGIN} / ${DEMO_PASSWORD}`);
  });

  it('signs demo.sso in through it with the demo password, and refuses another password', async () => {
    const prelogin = (
      await client.post(`/auth/prelogin?solutionInstanceGuid=${SSO_DEMO_TENANT.guid}`, {
        loginName: SSO_DEMO_LOGIN,
      })
    ).json();
    expect(prelogin).toMatchObject({ sso: true, ssoLoginUrl: expect.stringContaining('/auth/sso/start') });

    const startAt = () => client.request({ method: 'GET', url: prelogin.ssoLoginUrl, headers: README_HOST });
    const refused = await startAt();
    await expect(
      demo!.provider.signIn(refused.headers.location as string, SSO_DEMO_LOGIN, 'not-the-password'),
    ).rejects.toThrow(/refused the sign-in/);
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);

    const started = await startAt();
    expect(started.statusCode).toBe(302);
    const callback = await demo!.provider.signIn(started.headers.location as string, SSO_DEMO_LOGIN);
    expect(`${callback.origin}${callback.pathname}`).toBe('http://localhost:3000/sso');
    const signedIn = await client.post('/auth/ssologin', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss'),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ loginName: SSO_DEMO_LOGIN, currentCustNo: 'C20001' });
  });
});

describe('the production start (development aids off)', () => {
  let context: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    const demo = await startDemoSso(load(PRODUCTION_START));
    expect(demo).toBeUndefined();
    ({ context, client } = await portalWith(PRODUCTION_START, demo));
  });
  afterAll(() => context.close());

  it('starts no provider: the SSO tenant answers 503 SSO_NOT_CONFIGURED, the outbox 404', async () => {
    const prelogin = (
      await client.post(`/auth/prelogin?solutionInstanceGuid=${SSO_DEMO_TENANT.guid}`, {
        loginName: SSO_DEMO_LOGIN,
      })
    ).json();
    expect(prelogin).toEqual({ key: expect.any(String), pincodeMethod: 'NONE', sso: true });
    const started = await client.get(`/auth/sso/start?solutionInstanceGuid=${SSO_DEMO_TENANT.guid}`);
    expect(started.statusCode).toBe(503);
    expect(started.json()).toMatchObject({
      code: 'SSO_NOT_CONFIGURED',
      message: 'Single sign-on is not set up for this portal. Please contact your administrator.',
    });
    expect((await client.get('/dev/outbox')).statusCode).toBe(404);
  });
});

describe('explicit OIDC settings', () => {
  it('win over the demo provider, even with the development aids on', async () => {
    const config = load({
      ...DEMO_START,
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'settle-portal',
    });
    expect(await startDemoSso(config)).toBeUndefined();
    expect(config.oidc?.issuer).toBe('https://idp.example.com');
  });
});
