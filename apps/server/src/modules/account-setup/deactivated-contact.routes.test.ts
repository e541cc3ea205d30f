import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, courierMessages } from '../../db/schema/access';
import { integrationEvents } from '../../db/schema/integration';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp } from '../auth/auth-test-support';
import { integrationClient } from '../integration/integration-test-support';
import { buildContact, latestEmail, linkIn, solveCaptcha, TEST_ORIGIN } from './account-setup-test-support';

/**
 * The page checks of account set-up (GET user/registration, POST user/verifyUserAsInactive) for a
 * contact whose user the provider deactivated (users.deactivated_at, through the users load):
 * they refuse as the POST steps do, so no page offers a form that its POST refuses.
 */

let context: AuthTestContext;
let tenantId: number;
let customer: { id: number; custNo: string };
let sequence = 0;
const PASSWORD = 'Bordeaux-2026';
/** The specification's 415: the account is deactivated. */
const DEACTIVATED = {
  statusCode: 415,
  code: 'USER_INACTIVE',
  message: 'Your account has been deactivated. Please contact your administrator.',
};

beforeAll(async () => {
  context = await createAuthTestApp({ PUBLIC_ORIGIN: TEST_ORIGIN });
  const { db } = context.database;
  tenantId = (await buildTenant(db, { isDefault: true })).id;
  customer = await buildCustomer(db, tenantId, { company: 'Château Verde SARL' });
});
afterAll(() => context.close());

async function client() {
  const created = new TestClient(context);
  await created.get('/config.js');
  return created;
}

/** A contact who registered from the provider's link: the page's link, the form's body and the emailed activation link. */
async function registeredContact() {
  sequence += 1;
  const address = `deactivated.${sequence}@example.com`;
  const contact = await buildContact(context.database.db, customer.id, {
    firstName: 'Dominique',
    lastName: `Retired ${sequence}`,
    email: address,
  });
  const { sealer } = context.app.services;
  const page = {
    companyId: sealer.seal('companyId', String(customer.id)),
    contactId: sealer.seal('contactId', String(contact.id)),
  };
  const caller = await client();
  const form = {
    encryptedCompanyId: page.companyId,
    contactId: page.contactId,
    address,
    preferredLanguage: 'en',
  };
  const registered = await caller.post('/user/registration', { ...form, ...(await solveCaptcha(caller)) });
  expect(registered.json()).toEqual({ message: 'REGISTRATION_EMAIL_SENT' });
  await context.drain();
  const activation = linkIn((await latestEmail(context, address))!.body, 'activation');
  return {
    address,
    contact,
    caller,
    activation,
    openPage: () => caller.get(`/user/registration?${new URLSearchParams(page)}`),
    checkActivation: () =>
      caller.post('/user/verifyUserAsInactive', {
        encryptedCompanyId: activation.encryptedCompanyId,
        namedUser: activation.namedUser,
      }),
    registerAgain: async () =>
      caller.post('/user/registration', { ...form, ...(await solveCaptcha(caller)) }),
  };
}

/** The provider's users load, as its ERP sends it. */
async function loadStatus(address: string, status: 'active' | 'inactive') {
  const erp = await integrationClient(context, tenantId, ['ledger:write']);
  const loaded = await erp.post('/users', [{ loginName: address, custNos: [customer.custNo], status }]);
  expect(loaded.json(), loaded.body).toMatchObject({ updated: 1, refused: 0 });
}

/** Everything a set-up call could change for this user, and what it could send or record. */
async function stateOf(address: string) {
  const { db } = context.database;
  const [user] = await db.select().from(users).where(eq(users.loginKey, address.toUpperCase()));
  const tokens = await db.select().from(accountTokens).where(eq(accountTokens.userId, user!.id));
  const [messages] = await db.select({ n: count() }).from(courierMessages);
  const [events] = await db.select({ n: count() }).from(integrationEvents);
  const [seated] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user!.id));
  return { user, tokens, messages: messages!.n, events: events!.n, sessions: seated!.n };
}

describe('a registration waiting for activation, deactivated by the provider', () => {
  it('the registration page and the activation check answer 415 USER_INACTIVE as registering again does, show nothing of the contact and change nothing', async () => {
    const { address, contact, openPage, checkActivation, registerAgain } = await registeredContact();
    await loadStatus(address, 'inactive');
    await context.drain();
    const before = await stateOf(address);
    expect(before.user).toMatchObject({ active: false, activatedAt: null, deactivatedAt: expect.any(Date) });

    const page = await openPage();
    expectError(page, 415, 'USER_INACTIVE');
    expect(page.json()).toEqual(DEACTIVATED);
    for (const shown of [contact.firstName, contact.lastName, address, 'Château Verde', customer.custNo])
      expect(page.body).not.toContain(shown);

    const check = await checkActivation();
    expectError(check, 415, 'USER_INACTIVE');
    expect(check.json()).toEqual(DEACTIVATED);

    // The same answer, word for word, as the POST step the page leads to.
    const again = await registerAgain();
    expect(again.json()).toEqual(page.json());

    await context.drain();
    expect(await stateOf(address)).toEqual(before);
  });

  it('made active again by the provider, the page and the check answer as for any waiting registration', async () => {
    const { address, contact, openPage, checkActivation } = await registeredContact();
    await loadStatus(address, 'inactive');
    expectError(await openPage(), 415, 'USER_INACTIVE');
    await loadStatus(address, 'active');
    const page = await openPage();
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ firstName: contact.firstName, address, custNo: customer.custNo });
    const check = await checkActivation();
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toEqual({ inactive: true });
  });
});

describe('an activated user deactivated by the provider', () => {
  it('the activation check answers 415 USER_INACTIVE like activation and reset (not 406 already active); the registration page 406 like registering again', async () => {
    const { address, caller, activation, openPage, checkActivation, registerAgain } =
      await registeredContact();
    const activated = await caller.post('/user/activation', {
      ...activation,
      reset: 'N',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await loadStatus(address, 'inactive');
    await context.drain();
    const before = await stateOf(address);

    const check = await checkActivation();
    expect(check.json()).toEqual(DEACTIVATED);
    const reset = await (await client()).post('/user/resetPassword', {
      ...activation,
      reset: 'Y',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reset.json()).toEqual(check.json());

    // POST registration checks "already registered" first; the page follows it.
    const page = await openPage();
    expectError(page, 406, 'CONTACT_ALREADY_REGISTERED');
    expect((await registerAgain()).json()).toEqual(page.json());

    await context.drain();
    expect(await stateOf(address)).toEqual(before);
  });
});
