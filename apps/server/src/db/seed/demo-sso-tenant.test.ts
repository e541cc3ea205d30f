import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackOidcProvider, startOidcProvider } from '../../dev/oidc-provider';
import { type AuthTestContext, createAuthTestApp } from '../../modules/auth/auth-test-support';
import { TestClient } from '../../test/test-app';
import { invoices } from '../schema/invoices';
import { tenants } from '../schema/tenants';
import { DEMO_PASSWORD } from './demo-catalogue';
import { SSO_DEMO_LOGIN, SSO_DEMO_TENANT } from './demo-sso-tenant';
import { seedDemo } from './seed-demo';

const PORTAL = {
  clientId: 'settle-portal',
  clientSecret: 'settle-portal-secret-0123456789',
  redirectUris: ['http://portal.test/sso'],
};

let provider: LoopbackOidcProvider;
let context: AuthTestContext;

beforeAll(async () => {
  provider = await startOidcProvider({
    clients: [PORTAL],
    accounts: [{ login: SSO_DEMO_LOGIN, password: DEMO_PASSWORD }],
  });
  context = await createAuthTestApp({
    PUBLIC_ORIGIN: 'http://portal.test',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: PORTAL.clientId,
    OIDC_CLIENT_SECRET: PORTAL.clientSecret,
  });
  await seedDemo(context.database.db, { invoices: 100, seed: 7, today: new Date('2026-11-22T12:00:00Z') });
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

describe('the single-sign-on demo tenant', () => {
  it('sits beside the default tenant, which stays the default and signs in with passwords', async () => {
    const rows = await context.database.db.select().from(tenants).orderBy(tenants.id);
    expect(rows.map((row) => [row.guid, row.isDefault, row.ssoEnabled])).toEqual([
      ['settle-demo', true, false],
      [SSO_DEMO_TENANT.guid, false, true],
    ]);
    const client = await browser();
    expect((await client.post('/auth/prelogin', { loginName: 'demo.full' })).json().sso).toBe(false);
    expect((await client.signIn('demo.full', DEMO_PASSWORD)).json().loginName).toBe('demo.full');
  });

  it('signs demo.sso in through the provider, onto its own customer and invoices', async () => {
    const client = await browser();
    const prelogin = (
      await client.post(`/auth/prelogin?solutionInstanceGuid=${SSO_DEMO_TENANT.guid}`, {
        loginName: SSO_DEMO_LOGIN,
      })
    ).json();
    expect(prelogin.sso).toBe(true);
    const started = await client.get(prelogin.ssoLoginUrl);
    const callback = await provider.signIn(started.headers.location as string, SSO_DEMO_LOGIN);
    const response = await client.post('/auth/ssologin', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      loginName: SSO_DEMO_LOGIN,
      appHeaderName: 'Settle SSO demo',
      currentCustNo: 'C20001',
      customers: [expect.objectContaining({ custNo: 'C20001', currencies: ['USD'] })],
    });
    const [tenant] = await context.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.guid, SSO_DEMO_TENANT.guid));
    const own = await context.database.db.select().from(invoices).where(eq(invoices.tenantId, tenant!.id));
    expect(own.length).toBe(24);
    expect(new Set(own.map((invoice) => invoice.status))).toEqual(new Set(['O', 'C']));
  });

  it('has no usable password', async () => {
    const client = await browser();
    const response = await client.request({
      method: 'POST',
      url: `/auth/login?solutionInstanceGuid=${SSO_DEMO_TENANT.guid}`,
      payload: { loginName: SSO_DEMO_LOGIN, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });
});
