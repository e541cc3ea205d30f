import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_KEY_HEADER, PAYMENT_MESSAGES } from '@settle/shared/payments';
import { Privilege } from '@settle/shared/privileges';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/command-list';
import { accountTokens, courierMessages } from '../../db/schema/access';
import { sessions } from '../../db/schema/sessions';
import { userCustomers, userRoles, users } from '../../db/schema/users';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import {
  buildContact,
  latestEmail,
  linkIn,
  solveCaptcha,
  TEST_ORIGIN,
} from '../account-setup/account-setup-test-support';
import { createRegistrationService } from '../account-setup/registration.service';
import { createAccountTokens } from '../auth/account-tokens';
import { type AuthTestContext, createAuthTestApp } from '../auth/auth-test-support';
import { integrationClient } from './integration-test-support';
import { createLedgerLoadService } from './ledger-load.service';

let context: AuthTestContext;
let tenantId = 0;
let otherTenantId = 0;
const folder = mkdtempSync(path.join(tmpdir(), 'settle-users-'));
const PASSWORD = 'Bordeaux-2026';

beforeAll(async () => {
  context = await createAuthTestApp({ PUBLIC_ORIGIN: TEST_ORIGIN });
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  otherTenantId = (await buildTenant(context.database.db)).id;
});
afterAll(async () => {
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

let sequence = 0;
/** Customers of the key's tenant, numbered for this test alone. */
async function customersOf(tenant: number, howMany: number) {
  sequence += 1;
  const built = [];
  for (let index = 1; index <= howMany; index += 1)
    built.push(
      await buildCustomer(context.database.db, tenant, {
        custNo: `U${sequence}-${index}-${tenant}`,
        company: `Users ${sequence}.${index}`,
      }),
    );
  return built;
}

async function storedUser(loginName: string) {
  const [user] = await context.database.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.loginKey, loginName.toUpperCase())));
  return user;
}

async function linksOf(userId: number) {
  return context.database.db
    .select({
      customerId: userCustomers.customerId,
      defAccount: userCustomers.defAccount,
      approver: userCustomers.approver,
    })
    .from(userCustomers)
    .where(eq(userCustomers.userId, userId))
    .orderBy(asc(userCustomers.position));
}

async function rolesOf(userId: number) {
  const rows = await context.database.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows.map((row) => row.role);
}

async function emailsTo(address: string) {
  await context.drain();
  const [row] = await context.database.db
    .select({ count: count() })
    .from(courierMessages)
    .where(eq(courierMessages.recipient, address));
  return row!.count;
}

async function signedInClient() {
  const client = new TestClient(context);
  await client.get('/config.js');
  return client;
}

/** A payment start on account, which the ALLOW_PAY privilege guards before anything else. */
function payOnAccount(client: TestClient, custNo: string) {
  return client.request({
    method: 'POST',
    url: '/payment/hppOnAccount/CREDIT_CARD',
    payload: { custNo, currency: 'USD', amount: '10.00' },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
}

describe('POST integration/v1/users', () => {
  it('needs the ledger:write scope and creates nothing without it', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const reader = await integrationClient(context, tenantId, ['events:read']);
    const refused = await reader.post('/users', [
      {
        loginName: 'no.scope',
        firstName: 'No',
        lastName: 'Scope',
        email: 'no.scope@example.com',
        custNos: [customer!.custNo],
      },
    ]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('ledger:write');
    expect(await storedUser('no.scope')).toBeUndefined();
  });

  it('loads users with links and roles, refuses bad rows by line; the loaded user activates, signs in and sees exactly the linked customers', async () => {
    const [first, second, unlinked] = await customersOf(tenantId, 3);
    const [foreign] = await customersOf(otherTenantId, 1);
    const client = await integrationClient(context, tenantId);
    const address = `loaded.${sequence}@example.com`;
    const row = {
      loginName: address,
      firstName: 'Lou',
      lastName: 'Loaded',
      email: address,
      smsAreaCode: '+1',
      smsPhone: '555 010 0077',
      locale: 'fr_FR',
      timezone: 'Europe/Paris',
      roles: [Privilege.ALLOW_PROB_VIEW, Privilege.ALLOW_PROMISE_TO_PAY],
      custNos: [first!.custNo, second!.custNo],
      defaultCustNo: second!.custNo,
      approver: true,
    };
    const batch = [
      row,
      { ...row, loginName: `foreign.${sequence}`, custNos: [second!.custNo, foreign!.custNo] },
      { ...row, loginName: `role.${sequence}`, roles: ['TR_USER.ALLOW_EVERYTHING'] },
      { loginName: `half.${sequence}`, custNos: [first!.custNo] },
      { ...row, loginName: `default.${sequence}`, defaultCustNo: unlinked!.custNo },
      { ...row, loginName: `phone.${sequence}`, smsPhone: '555<script>' },
    ];
    const loaded = await client.post('/users', batch);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toEqual({
      committed: true,
      received: 6,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      refused: 5,
      errors: [
        { line: 2, key: `foreign.${sequence}`, reason: `Customer ${foreign!.custNo} was not found` },
        {
          line: 3,
          key: `role.${sequence}`,
          reason: expect.stringContaining('unknown role TR_USER.ALLOW_EVERYTHING'),
        },
        { line: 4, key: `half.${sequence}`, reason: 'A new user needs firstName, lastName and email' },
        { line: 5, key: `default.${sequence}`, reason: 'defaultCustNo: must be one of custNos' },
        {
          line: 6,
          key: `phone.${sequence}`,
          reason: expect.stringContaining('smsPhone: These characters are not allowed'),
        },
      ],
    });
    for (const refused of ['foreign', 'role', 'half', 'default', 'phone'])
      expect(await storedUser(`${refused}.${sequence}`)).toBeUndefined();

    const user = (await storedUser(address))!;
    expect(user).toMatchObject({
      firstName: 'Lou',
      email: address,
      locale: 'fr_FR',
      localeForFormatting: 'fr-FR',
      language: 'fr',
      timezone: 'Europe/Paris',
      smsAreaCode: '+1',
      smsPhone: '555 010 0077',
      active: true,
      activatedAt: null,
    });
    expect(await linksOf(user.id)).toEqual([
      { customerId: first!.id, defAccount: false, approver: true },
      { customerId: second!.id, defAccount: true, approver: true },
    ]);
    expect(await rolesOf(user.id)).toEqual([Privilege.ALLOW_PROB_VIEW, Privilege.ALLOW_PROMISE_TO_PAY]);
    expect(await emailsTo(address)).toBe(1);

    // The same batch again changes nothing, and sends no second email.
    const again = await client.post('/users', batch);
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1, refused: 5 });
    expect(await emailsTo(address)).toBe(1);

    // The activation link names the default customer; the account signs in there with the loaded roles.
    const link = linkIn((await latestEmail(context, address))!.body, 'activation');
    const browser = await signedInClient();
    const activated = await browser.post('/user/activation', {
      ...link,
      reset: 'N',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({
      loginName: address,
      currentCustNo: second!.custNo,
      roles: [Privilege.ALLOW_PROB_VIEW, Privilege.ALLOW_PROMISE_TO_PAY],
    });
    const accounts = async (caller: TestClient) =>
      ((await caller.get('/invoices/associationAccounts')).json() as Array<{ custNo: string }>).map(
        (account) => account.custNo,
      );
    expect(await accounts(browser)).toEqual([first!.custNo, second!.custNo]);
    const other = await signedInClient();
    expect((await other.signIn(address, PASSWORD)).statusCode).toBe(200);
    expect(await accounts(other)).toEqual([first!.custNo, second!.custNo]);

    // Loaded without ALLOW_PAY: a payment start is refused.
    const noPay = await payOnAccount(browser, first!.custNo);
    expect(noPay.statusCode).toBe(403);
    expect(noPay.json()).toMatchObject({
      code: 'PAYMENT_FORBIDDEN',
      message: PAYMENT_MESSAGES.noPayPermission,
    });

    // A later load grants ALLOW_PAY and removes the second customer: the open session follows.
    const changed = await client.post('/users', [
      {
        loginName: address.toUpperCase(),
        roles: [...row.roles, Privilege.ALLOW_PAY],
        custNos: [first!.custNo],
      },
    ]);
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(await linksOf(user.id)).toEqual([{ customerId: first!.id, defAccount: true, approver: true }]);
    expect(await storedUser(address)).toMatchObject({ firstName: 'Lou', locale: 'fr_FR' });
    expect(await accounts(browser)).toEqual([first!.custNo]);
    const paying = await payOnAccount(browser, first!.custNo);
    expect(paying.json().code).not.toBe('PAYMENT_FORBIDDEN');
    expect(await emailsTo(address)).toBe(1);
  });

  it('loads NDJSON and CSV as they stream: a malformed line is refused by its number, the rest load', async () => {
    const [first, second] = await customersOf(tenantId, 2);
    const client = await integrationClient(context, tenantId);
    const name = (prefix: string) => `${prefix}.${sequence}@example.com`;
    const ndjson = [
      JSON.stringify({
        loginName: name('nd1'),
        firstName: 'N',
        lastName: 'One',
        email: name('nd1'),
        custNos: [first!.custNo],
      }),
      '{"loginName": "broken",',
      JSON.stringify({
        loginName: name('nd2'),
        firstName: 'N',
        lastName: 'Two',
        email: name('nd2'),
        custNos: [second!.custNo],
      }),
    ].join('\n');
    const streamed = await client.post('/users', ndjson, 'application/x-ndjson');
    expect(streamed.json()).toEqual({
      committed: true,
      received: 3,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      refused: 1,
      errors: [{ line: 2, key: null, reason: 'Not valid JSON' }],
    });

    const csv = [
      'loginName,firstName,lastName,email,roles,custNos,defaultCustNo,approver,status',
      `${name('csv1')},C,One,${name('csv1')},${Privilege.ALLOW_PAY};${Privilege.ALLOW_PROB},${first!.custNo};${second!.custNo},${second!.custNo},N,active`,
      `${name('csv2')},C,Two,${name('csv2')}`,
      `${name('csv3')},C,Three,${name('csv3')},,${second!.custNo},,Y,inactive`,
      `${name('csv4')},C,Four,${name('csv4')},${Privilege.ALLOW_PAY},${first!.custNo},,,sleeping`,
    ].join('\n');
    const report = (await client.post('/users', csv, 'text/csv')).json();
    expect(report).toMatchObject({ received: 4, inserted: 2, refused: 2 });
    expect(report.errors).toEqual([
      { line: 3, key: null, reason: expect.stringContaining('Not a valid CSV row') },
      { line: 5, key: name('csv4'), reason: expect.stringContaining('status') },
    ]);
    const one = (await storedUser(name('csv1')))!;
    expect(await rolesOf(one.id)).toEqual([Privilege.ALLOW_PAY, Privilege.ALLOW_PROB].sort());
    expect(await linksOf(one.id)).toEqual([
      { customerId: first!.id, defAccount: false, approver: false },
      { customerId: second!.id, defAccount: true, approver: false },
    ]);
    const three = (await storedUser(name('csv3')))!;
    expect(three.active).toBe(false);
    expect(await rolesOf(three.id)).toEqual([]);
    expect(await linksOf(three.id)).toEqual([{ customerId: second!.id, defAccount: true, approver: true }]);
    // Active users are emailed their activation link; an inactive one is not.
    expect(await emailsTo(name('csv1'))).toBe(1);
    expect(await emailsTo(name('csv3'))).toBe(0);
  });

  it('loads all or nothing when asked: one refused row keeps none, and emails no one', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const client = await integrationClient(context, tenantId);
    const address = `atomic.${sequence}@example.com`;
    const response = await client.post(
      '/users',
      [
        {
          loginName: address,
          firstName: 'A',
          lastName: 'Tomic',
          email: address,
          custNos: [customer!.custNo],
        },
        {
          loginName: `atomic2.${sequence}`,
          firstName: 'A',
          lastName: 'Two',
          email: 'not-an-address',
          custNos: [customer!.custNo],
        },
      ],
      'application/json',
      '?atomic=true',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      committed: false,
      inserted: 0,
      refused: 1,
      errors: [{ line: 2 }],
    });
    expect(await storedUser(address)).toBeUndefined();
    expect(await emailsTo(address)).toBe(0);
  });

  it('a user made inactive has their sessions ended and cannot sign in; made active again, signs in', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const user = await buildUser(context.database.db, tenantId, {
      loginName: `seated.${sequence}`,
      customers: [{ id: customer!.id, defAccount: true }],
      overrides: { email: `seated.${sequence}@example.com` },
    });
    const browser = await signedInClient();
    expect((await browser.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await browser.get('/invoices/associationAccounts')).statusCode).toBe(200);
    const client = await integrationClient(context, tenantId);

    const off = await client.post('/users', [
      { loginName: user.loginName, custNos: [customer!.custNo], status: 'inactive' },
    ]);
    expect(off.json()).toMatchObject({ updated: 1, refused: 0 });
    const left = await context.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([]);
    expect((await browser.get('/invoices/associationAccounts')).statusCode).toBe(401);
    const refused = await (await signedInClient()).signIn(user.loginName, TEST_PASSWORD);
    expect(refused.statusCode).not.toBe(200);

    const on = await client.post('/users', [
      { loginName: user.loginName, custNos: [customer!.custNo], status: 'active' },
    ]);
    expect(on.json()).toMatchObject({ updated: 1 });
    expect((await (await signedInClient()).signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
    // An account that has its password already gets no activation email.
    expect(await emailsTo(user.email)).toBe(0);
  });
});

describe('a loaded user made inactive before activating', () => {
  it('cannot activate with the emailed link; made active again, gets a new link that works', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const client = await integrationClient(context, tenantId);
    const address = `waiting.${sequence}@example.com`;
    const row = {
      loginName: address,
      firstName: 'Wai',
      lastName: 'Ting',
      email: address,
      custNos: [customer!.custNo],
    };
    expect((await client.post('/users', [row])).json()).toMatchObject({ inserted: 1 });
    expect(await emailsTo(address)).toBe(1);
    const first = linkIn((await latestEmail(context, address))!.body, 'activation');

    expect((await client.post('/users', [{ ...row, status: 'inactive' }])).json()).toMatchObject({
      updated: 1,
    });
    expect((await client.post('/users', [{ ...row, status: 'inactive' }])).json()).toMatchObject({
      updated: 0,
      unchanged: 1,
    });
    const passwords = { reset: 'N', password: PASSWORD, confirmPassword: PASSWORD };
    const refused = await (await signedInClient()).post('/user/activation', { ...first, ...passwords });
    expect(refused.statusCode).toBe(406);
    expect(refused.json().code).toBe('LINK_EXPIRED');
    expect(await storedUser(address)).toMatchObject({ active: false, activatedAt: null });
    expect(await emailsTo(address)).toBe(1);

    // The one-a-minute limit of activation emails counts the retired link: let it pass.
    await context.database.db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(accountTokens.userId, (await storedUser(address))!.id));
    expect((await client.post('/users', [{ ...row, status: 'active' }])).json()).toMatchObject({
      updated: 1,
    });
    expect(await emailsTo(address)).toBe(2);
    const second = linkIn((await latestEmail(context, address))!.body, 'activation');
    const activated = await (await signedInClient()).post('/user/activation', { ...second, ...passwords });
    expect(activated.statusCode, activated.body).toBe(200);
  });
});

describe('a user deactivated by a load stays deactivated', () => {
  const passwords = { reset: 'N', password: PASSWORD, confirmPassword: PASSWORD };
  const activate = async (link: ReturnType<typeof linkIn>) =>
    (await signedInClient()).post('/user/activation', { ...link, ...passwords });

  /** A contact of the customer registering from the provider's link, with a solved captcha. */
  async function register(customer: { id: number }) {
    const contact = await buildContact(context.database.db, customer.id, {
      firstName: 'Reg',
      lastName: 'Istered',
    });
    const caller = await signedInClient();
    const { sealer } = context.app.services;
    const body = {
      encryptedCompanyId: sealer.seal('companyId', String(customer.id)),
      contactId: sealer.seal('contactId', String(contact.id)),
      address: contact.email,
      preferredLanguage: 'en',
    };
    const send = async () => caller.post('/user/registration', { ...body, ...(await solveCaptcha(caller)) });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    return { address: contact.email, again: send };
  }

  it('the activation email queued by the load that created the user sends nothing once a second load deactivated them', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const client = await integrationClient(context, tenantId);
    const address = `queued.${sequence}@example.com`;
    const row = {
      loginName: address,
      firstName: 'Que',
      lastName: 'Ued',
      email: address,
      custNos: [customer!.custNo],
    };
    expect((await client.post('/users', [row])).json()).toMatchObject({ inserted: 1 });
    // The email waits in the background (held until drain) while the provider deactivates the user.
    expect((await client.post('/users', [{ ...row, status: 'inactive' }])).json()).toMatchObject({
      updated: 1,
    });
    expect(await emailsTo(address)).toBe(0);
    const user = (await storedUser(address))!;
    expect(user).toMatchObject({ active: false, activatedAt: null, deactivatedAt: expect.any(Date) });

    // A link issued in a race with the deactivation (the email's check passed just before it) does not activate.
    expect((await client.post('/users', [{ ...row, status: 'active' }])).json()).toMatchObject({
      updated: 1,
    });
    expect(await emailsTo(address)).toBe(1);
    const emailed = linkIn((await latestEmail(context, address))!.body, 'activation');
    expect((await client.post('/users', [{ ...row, status: 'inactive' }])).json()).toMatchObject({
      updated: 1,
    });
    const { code } = await createAccountTokens(context.database.db).issue({
      userId: user.id,
      purpose: 'activation',
      ttlMinutes: 60,
    });
    const refused = await activate({ ...emailed, activationCode: code });
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json().code).toBe('USER_INACTIVE');
    expect(await storedUser(address)).toMatchObject({ active: false, activatedAt: null });
    const signIn = await (await signedInClient()).signIn(address, PASSWORD);
    expect(signIn.statusCode).not.toBe(200);
  });

  it('a registration waiting for activation, deactivated by a load, gets no new link by registering again', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const { address, again } = await register(customer!);
    expect(await emailsTo(address)).toBe(1);
    const first = linkIn((await latestEmail(context, address))!.body, 'activation');
    const client = await integrationClient(context, tenantId);
    const off = await client.post('/users', [
      { loginName: address, custNos: [customer!.custNo], status: 'inactive' },
    ]);
    expect(off.json()).toMatchObject({ updated: 1, refused: 0 });

    const resent = await again();
    expect(resent.statusCode).toBe(415);
    expect(resent.json().code).toBe('USER_INACTIVE');
    expect(await emailsTo(address)).toBe(1);
    expect((await activate(first)).statusCode).toBe(406);
    expect(await storedUser(address)).toMatchObject({ active: false, activatedAt: null });
    // Password reset refuses a deactivated account too.
    const reset = await (await signedInClient()).post('/user/resetPassword', {
      ...first,
      reset: 'Y',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(415);
  });

  it('a load row without status keeps a registration’s activation link working', async () => {
    const [customer, second] = await customersOf(tenantId, 2);
    const { address } = await register(customer!);
    expect(await emailsTo(address)).toBe(1);
    const link = linkIn((await latestEmail(context, address))!.body, 'activation');
    const client = await integrationClient(context, tenantId);
    const loaded = await client.post('/users', [
      { loginName: address, firstName: 'Reg', custNos: [customer!.custNo, second!.custNo] },
    ]);
    expect(loaded.json()).toMatchObject({ updated: 1, refused: 0 });
    expect(await storedUser(address)).toMatchObject({ active: false, deactivatedAt: null });
    const activated = await activate(link);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await storedUser(address)).toMatchObject({ active: true, activatedAt: expect.any(Date) });
  });

  it('made inactive then active again within the minute, a loaded user is emailed a new link that works', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const client = await integrationClient(context, tenantId);
    const address = `flip.${sequence}@example.com`;
    const row = {
      loginName: address,
      firstName: 'Fl',
      lastName: 'Ip',
      email: address,
      custNos: [customer!.custNo],
    };
    expect((await client.post('/users', [row])).json()).toMatchObject({ inserted: 1 });
    expect(await emailsTo(address)).toBe(1);
    expect((await client.post('/users', [{ ...row, status: 'inactive' }])).json()).toMatchObject({
      updated: 1,
    });
    expect((await client.post('/users', [{ ...row, status: 'active' }])).json()).toMatchObject({
      updated: 1,
    });
    expect(await emailsTo(address)).toBe(2);
    const activated = await activate(linkIn((await latestEmail(context, address))!.body, 'activation'));
    expect(activated.statusCode, activated.body).toBe(200);
  });
});

describe('work after a users load commits', () => {
  it('one failing activation email is logged; the load stays committed and the other users are emailed', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const { services } = context.app;
    const address = (name: string) => `${name}.${sequence}@example.com`;
    const refusing = address('bounce');
    // A real fault of the email adapter for one address (the outbox adapter does the others).
    const email = {
      transport: services.couriers.email.transport,
      send: (message: Parameters<typeof services.couriers.email.send>[0]) =>
        message.to === refusing
          ? Promise.reject(new Error('550 mailbox unavailable'))
          : services.couriers.email.send(message),
    };
    const registration = createRegistrationService(context.database.db, {
      config: context.config,
      auth: services.auth,
      sealer: services.sealer,
      captcha: services.captcha,
      tokens: services.accountTokens,
      background: services.background,
      activity: services.activity,
      couriers: { ...services.couriers, email },
    });
    const logged: Array<Record<string, unknown>> = [];
    const loader = createLedgerLoadService(context.database.db, {
      sessions: services.sessions,
      // Sent as part of the load's after-commit work, so that its failure reaches the loader.
      activationEmail: (userId) => registration.sendActivationLink(userId),
      logger: { error: (details, message) => logged.push({ ...details, message }) },
    });
    const names = ['first', 'bounce', 'third'];
    async function* rows() {
      for (const [index, name] of names.entries())
        yield {
          line: index + 1,
          value: {
            loginName: address(name),
            firstName: 'Af',
            lastName: 'Ter',
            email: address(name),
            custNos: [customer!.custNo],
          },
        };
    }
    const report = await loader.load({ tenantId, kind: 'users', rows: rows(), atomic: false });
    expect(report).toEqual({
      committed: true,
      received: 3,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      refused: 0,
      errors: [],
    });
    expect(await emailsTo(address('first'))).toBe(1);
    expect(await emailsTo(address('third'))).toBe(1);
    expect(await emailsTo(refusing)).toBe(0);
    expect(logged).toEqual([
      {
        kind: 'users',
        failure: '550 mailbox unavailable',
        message: 'ledger load: a task after the commit failed',
      },
    ]);
    for (const name of names) expect(await storedUser(address(name))).toMatchObject({ active: true });
  });
});

describe('npm run import -- users', () => {
  it('loads a CSV file as the API does, and emails the new users their activation links', async () => {
    const [customer] = await customersOf(tenantId, 1);
    const address = `imported.${sequence}@example.com`;
    const file = path.join(folder, 'users.csv');
    writeFileSync(
      file,
      `loginName,firstName,lastName,email,roles,custNos\n${address},Imp,Orted,${address},${Privilege.ALLOW_PAY},${customer!.custNo}\nghost.${sequence},G,Host,ghost@example.com,,NOPE-${sequence}\n`,
    );
    const run = () =>
      runAdminCommand(
        { db: context.database.db, services: context.app.services },
        'import',
        `users --file ${file}`,
      );
    expect(await run()).toBe(
      `users: 2 row(s) read; 1 inserted, 0 updated, 0 unchanged, 1 refused\n  line 3 (ghost.${sequence}): Customer NOPE-${sequence} was not found`,
    );
    expect(await emailsTo(address)).toBe(1);
    expect(await run()).toContain('0 inserted, 0 updated, 1 unchanged, 1 refused');
    expect(await emailsTo(address)).toBe(1);
  });
});
