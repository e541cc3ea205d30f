import { ANNOUNCEMENT_MAX_LENGTH } from '@settle/shared/announcements';
import { ErrorCode } from '@settle/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/command-list';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
const tenants = { home: { id: 0, guid: '' }, other: { id: 0, guid: '' } };

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const home = await buildTenant(db, { isDefault: true });
  const other = await buildTenant(db);
  tenants.home = { id: home.id, guid: home.guid };
  tenants.other = { id: other.id, guid: other.guid };
});
afterAll(() => context.close());

/** A user of the other tenant signs in through that tenant's guid. */
async function otherTenantClient() {
  const { db } = context.database;
  const customer = await buildCustomer(db, tenants.other.id);
  const user = await buildUser(db, tenants.other.id, { customers: [{ id: customer.id }] });
  const client = new TestClient(context);
  await client.get('/config.js');
  const response = await client.post(`/auth/login?solutionInstanceGuid=${tenants.other.guid}`, {
    loginName: user.loginName,
    password: TEST_PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

function admin(argument: string) {
  const { db } = context.database;
  return runAdminCommand({ db, services: context.app.services }, 'announcement', argument);
}

describe('GET /annoucment/customerPortalAnnouncement', () => {
  it("answers the operator's text to the tenant's users only, and nothing once removed", async () => {
    const own = await signedInCustomer(context, tenants.home.id);
    const elsewhere = await otherTenantClient();
    const path = '/annoucment/customerPortalAnnouncement';
    expect((await own.client.get(path)).json()).toEqual({ message: '', updatedAt: null });

    expect(await admin(`${tenants.home.guid} Maintenance tonight   from 22:00\tto 23:00`)).toMatch(/set/);
    const set = (await own.client.get(path)).json();
    expect(set.message).toBe('Maintenance tonight from 22:00 to 23:00');
    expect(Date.parse(set.updatedAt)).not.toBeNaN();
    expect((await elsewhere.get(path)).json().message).toBe('');

    expect(await admin('default')).toMatch(/removed/);
    expect((await own.client.get(path)).json().message).toBe('');
  });

  it('refuses an unknown tenant and a text over the limit, changing nothing', async () => {
    const own = await otherTenantClient();
    await admin(`${tenants.other.guid} Kept`);
    await expect(admin('no-such-guid Hello')).rejects.toThrow(/No tenant/);
    await expect(admin(`${tenants.other.guid} ${'x'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1)}`)).rejects.toThrow(
      /at most/,
    );
    await expect(admin('')).rejects.toThrow(/Usage/);
    expect((await own.get('/annoucment/customerPortalAnnouncement')).json().message).toBe('Kept');
  });

  it('answers 401 without a session', async () => {
    expectError(
      await new TestClient(context).get('/annoucment/customerPortalAnnouncement'),
      401,
      ErrorCode.UNAUTHENTICATED,
    );
  });
});
