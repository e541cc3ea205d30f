import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../test/factories';
import { signedInCustomer } from '../test/signed-in-customer';
import { createTestApp, TestClient, type TestContext } from '../test/test-app';

let context: TestContext;
let tenantId: number;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

describe('Cache-Control on authenticated answers', () => {
  it('says no-store on every signed-in answer, errors included, and on the sign-in itself', async () => {
    const own = await signedInCustomer(context, tenantId);
    const { invNo } = await own.invoice();
    for (const url of [
      '/invoices?status=O',
      `/invoices/detail/${invNo}`,
      '/invoices/associationAccounts',
      '/invoices/columns',
      '/invoices/detail/NO-SUCH',
    ]) {
      const response = await own.client.get(url);
      expect(response.headers['cache-control'], `${url} ${response.statusCode}`).toBe('no-store');
    }
    const fresh = new TestClient(context);
    await fresh.get('/config.js');
    const signIn = await fresh.post('/auth/login', { loginName: own.user.loginName, password: 'wrong' });
    expect(signIn.statusCode).toBe(401);
    const good = await fresh.signIn(own.user.loginName, 'Correct-horse-9');
    expect(good.headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own stricter value", async () => {
    const own = await signedInCustomer(context, tenantId);
    const { invNo } = await own.invoice();
    const pdf = await own.client.get(`/gateway/downloadLinkedContent?invNo=${invNo}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
  });
});
