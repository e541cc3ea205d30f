import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, recordQueries } from './auth-test-support';

let context: AuthTestContext;

beforeAll(async () => {
  context = await createAuthTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  await buildUser(db, tenant.id, {
    loginName: 'case.single',
    customers: [{ id: customer.id }],
    overrides: { email: 'case.single@example.com' },
  });
  await buildUser(db, tenant.id, { loginName: 'josé.k', customers: [{ id: customer.id }] });
});
afterAll(() => context.close());

async function signIn(loginName: string) {
  const client = new TestClient(context);
  return client.signIn(loginName, TEST_PASSWORD);
}

describe('one login-name normalization at sign-in and recovery', () => {
  it('signs in whatever the case, and with either composition of an accented letter', async () => {
    for (const name of ['case.single', 'CASE.Single', ' case.single ', 'JOSÉ.K', 'jose\u0301.k']) {
      expect((await signIn(name)).statusCode, name).toBe(200);
    }
  });

  it('refuses the look-alikes of ASCII letters as another name', async () => {
    const lookAlikes = ['case.ſingle', 'case.sıngle', 'ｃａｓｅ.single', 'CASE.SINGLE\u200B'];
    for (const name of lookAlikes) {
      expectError(await signIn(name), 401, 'INVALID_CREDENTIALS', name);
    }
  });

  it('sends no recovery email to demo.single for demo.ſingle', async () => {
    const caller = new TestClient(context);
    await caller.get('/config.js');
    await caller.post('/auth/troubleSigningIn', { loginName: 'case.ſingle' });
    const work = await recordQueries(context, () => context.drain());
    // Only the throttle read of no user: no token, no email.
    expect(work).toHaveLength(1);
  });
});
