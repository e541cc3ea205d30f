import { ACCOUNT_SETUP_MESSAGES } from '@settle/shared/account-setup';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../../db/schema/access';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, TEST_PASSWORD } from '../../test/factories';
import { outboxEvents } from '../../test/outbox-events';
import { TestClient } from '../../test/test-app';
import { hashAccountCode } from '../auth/account-tokens';
import { type AuthTestContext, createAuthTestApp, sessionRow } from '../auth/auth-test-support';
import {
  buildContact,
  latestEmail,
  linkIn,
  solveCaptcha,
  TEST_ORIGIN,
  tamper,
} from './account-setup-test-support';

let context: AuthTestContext;
let customer: { id: number; custNo: string };
let otherCustomer: { id: number };
let sequence = 0;
const NEW_PASSWORD = 'Bordeaux-2026';

beforeAll(async () => {
  context = await createAuthTestApp({ PUBLIC_ORIGIN: TEST_ORIGIN });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  customer = await buildCustomer(db, tenant.id, { company: 'Château Verde SARL', currencies: ['EUR'] });
  otherCustomer = await buildCustomer(db, tenant.id);
});
afterAll(() => context.close());

async function client() {
  const created = new TestClient(context);
  await created.get('/config.js');
  return created;
}

/** A contact registered through the API, and the activation link its email carries. */
async function registered() {
  sequence += 1;
  const address = `registrant.${sequence}@example.com`;
  const contact = await buildContact(context.database.db, customer.id, { firstName: 'Noa', email: address });
  const caller = await client();
  const response = await caller.post('/user/registration', {
    encryptedCompanyId: context.app.services.sealer.seal('companyId', String(customer.id)),
    contactId: context.app.services.sealer.seal('contactId', String(contact.id)),
    address,
    ...(await solveCaptcha(caller)),
  });
  expect(response.json()).toEqual({ message: 'REGISTRATION_EMAIL_SENT' });
  await context.drain();
  const link = linkIn((await latestEmail(context, address))!.body, 'activation');
  return { address, link, caller };
}

async function userRow(address: string) {
  const [row] = await context.database.db
    .select()
    .from(users)
    .where(eq(users.loginKey, address.toUpperCase()));
  return row!;
}

async function tokenOf(code: string) {
  const [row] = await context.database.db
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.codeHash, hashAccountCode(code)));
  return row!;
}

const passwords = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

describe('registration to activation', () => {
  it('activates with the emailed link and signs in: the session reaches the data', async () => {
    const { address, link } = await registered();
    const caller = await client();
    const check = await caller.post('/user/verifyUserAsInactive', {
      encryptedCompanyId: link.encryptedCompanyId,
      namedUser: link.namedUser,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ inactive: true });
    const decrypted = await caller.get(`/trUtils/decrypt/${link.namedUser}`);
    expect(decrypted.json()).toEqual({ value: address });

    const before = Date.now();
    const response = await caller.post('/user/activation', { ...link, reset: 'N', ...passwords });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      loginName: address,
      firstName: 'Noa',
      currentCustNo: customer.custNo,
      currencyCode: 'EUR',
      roles: ['TR_USER.ALLOW_PAY', 'TR_USER.ALLOW_PROB_VIEW', 'TR_USER.ALLOW_PROMISE_TO_PAY'],
    });
    const session = await sessionRow(context, caller.cookies.get('SETTLE_SESSION'));
    expect(session).toMatchObject({ state: 'active' });
    const accounts = await caller.get('/invoices/associationAccounts');
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json()).toMatchObject([
      { custNo: customer.custNo, company: 'Château Verde SARL', defAccount: true },
    ]);

    const user = await userRow(address);
    expect(user.active).toBe(true);
    expect(user.activatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await tokenOf(link.activationCode)).usedAt).not.toBeNull();
    const events = await outboxEvents(context.database.db, user.tenantId, 'user.activated');
    expect(events.filter((event) => event.data.userId === String(user.id))).toEqual([
      {
        type: 'user.activated',
        data: expect.objectContaining({ custNo: customer.custNo, loginName: address }),
      },
    ]);

    // The page's check and the link now tell the account is active; the password signs in.
    const again = await caller.post('/user/verifyUserAsInactive', {
      encryptedCompanyId: link.encryptedCompanyId,
      namedUser: link.namedUser,
    });
    expect(again.statusCode).toBe(406);
    expect(again.json()).toEqual({
      statusCode: 406,
      code: 'USER_ALREADY_ACTIVE',
      message: 'This account is already active. Sign in with your password.',
    });
    const reused = await caller.post('/user/activation', { ...link, ...passwords });
    expect(reused.statusCode).toBe(406);
    expect(reused.json()).toEqual({
      statusCode: 406,
      code: 'LINK_EXPIRED',
      message: 'This link has expired or was already used. Ask for a new one.',
    });
    expect((await (await client()).signIn(address, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('rotates the session the browser came with', async () => {
    const { link, caller } = await registered();
    await caller.signIn('nobody', 'wrong');
    const first = await caller.post('/user/activation', { ...link, ...passwords });
    expect(first.statusCode).toBe(200);
    const firstToken = caller.cookies.get('SETTLE_SESSION');
    const other = await registered();
    // A signed-in browser activating another account: its session ends, a new one starts.
    const second = await caller.post('/user/activation', { ...other.link, ...passwords });
    expect(second.statusCode).toBe(200);
    expect(second.json().loginName).toBe(other.address);
    expect(caller.cookies.get('SETTLE_SESSION')).not.toBe(firstToken);
    expect(await sessionRow(context, firstToken)).toBeUndefined();
  });

  it('continues with the PIN step when the account has a PIN policy', async () => {
    const { address, link } = await registered();
    await context.database.db
      .update(users)
      .set({ pinPolicy: 'SMS', smsAreaCode: '+33', smsPhone: '612345678' })
      .where(eq(users.loginKey, address.toUpperCase()));
    const caller = await client();
    const response = await caller.post('/user/activation', { ...link, ...passwords });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      pinRequired: true,
      pincodeMethod: 'SMS',
      maskedMobile: '••••5678',
      factors: ['SMS'],
    });
    expect(await sessionRow(context, caller.cookies.get('SETTLE_SESSION'))).toMatchObject({
      state: 'pin_pending',
    });
    expectError(await caller.get('/invoices/associationAccounts'), 401, 'UNAUTHENTICATED');
    expect((await userRow(address)).active).toBe(true);
  });
});

describe('activation refusals change nothing', () => {
  async function expectUntouched(address: string, code: string) {
    const user = await userRow(address);
    expect(user).toMatchObject({ active: false, activatedAt: null });
    expect((await tokenOf(code)).usedAt).toBeNull();
  }

  it('refuses a changed companyId or namedUser, and a company the user is not linked to (400 INVALID_LINK)', async () => {
    const { address, link } = await registered();
    const caller = await client();
    const { sealer } = context.app.services;
    for (const [label, changed] of [
      ['companyId', { encryptedCompanyId: tamper(link.encryptedCompanyId) }],
      ['namedUser', { namedUser: tamper(link.namedUser) }],
      ['other company', { encryptedCompanyId: sealer.seal('companyId', String(otherCustomer.id)) }],
      ['unknown user', { namedUser: sealer.seal('namedUser', 'nobody@example.com') }],
    ] as const) {
      const response = await caller.post('/user/activation', { ...link, ...changed, ...passwords });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().code, label).toBe('INVALID_LINK');
      const { encryptedCompanyId, namedUser } = { ...link, ...changed };
      const check = await caller.post('/user/verifyUserAsInactive', { encryptedCompanyId, namedUser });
      expect(check.json().code, label).toBe('INVALID_LINK');
    }
    expect(caller.cookies.has('SETTLE_SESSION')).toBe(false);
    await expectUntouched(address, link.activationCode);
  });

  it('answers the field messages of the password rules', async () => {
    const { address, link } = await registered();
    const caller = await client();
    const cases = [
      [
        { password: 'Short-1', confirmPassword: 'Short-1' },
        [{ field: 'body.password', message: ACCOUNT_SETUP_MESSAGES.passwordLength }],
      ],
      [
        { password: 'A-very-long-password-21', confirmPassword: 'A-very-long-password-21' },
        [{ field: 'body.password', message: ACCOUNT_SETUP_MESSAGES.passwordLength }],
      ],
      [
        { password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` },
        [{ field: 'body.confirmPassword', message: ACCOUNT_SETUP_MESSAGES.passwordMismatch }],
      ],
      [
        { password: '', confirmPassword: '' },
        [{ field: 'body.password', message: ACCOUNT_SETUP_MESSAGES.passwordIncomplete }],
      ],
      [
        { password: NEW_PASSWORD, confirmPassword: '' },
        [{ field: 'body.confirmPassword', message: ACCOUNT_SETUP_MESSAGES.passwordIncomplete }],
      ],
    ] as const;
    for (const [body, fieldErrors] of cases) {
      const response = await caller.post('/user/activation', { ...link, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors });
    }
    // 8 and 20 characters are allowed: the bounds are inclusive.
    for (const password of ['Exactly8', 'Exactly-twenty-chars']) {
      const other = await registered();
      const response = await caller.post('/user/activation', {
        ...other.link,
        password,
        confirmPassword: password,
      });
      expect(response.statusCode, password).toBe(200);
    }
    await expectUntouched(address, link.activationCode);
  });

  it("refuses another user's code (406 LINK_EXPIRED), which then still works for its owner", async () => {
    const mine = await registered();
    const theirs = await registered();
    const caller = await client();
    const response = await caller.post('/user/activation', {
      ...mine.link,
      activationCode: theirs.link.activationCode,
      ...passwords,
    });
    expect(response.statusCode).toBe(406);
    expect(response.json().code).toBe('LINK_EXPIRED');
    await expectUntouched(mine.address, mine.link.activationCode);
    await expectUntouched(theirs.address, theirs.link.activationCode);
    expect((await caller.post('/user/activation', { ...theirs.link, ...passwords })).statusCode).toBe(200);
  });

  it('refuses an expired code and an unknown one (406 LINK_EXPIRED)', async () => {
    const { address, link } = await registered();
    await context.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.codeHash, hashAccountCode(link.activationCode)));
    const caller = await client();
    const expired = await caller.post('/user/activation', { ...link, ...passwords });
    expect(expired.statusCode).toBe(406);
    expect(expired.json().code).toBe('LINK_EXPIRED');
    const unknown = await caller.post('/user/activation', {
      ...link,
      activationCode: 'made-up-code',
      ...passwords,
    });
    expect(unknown.json().code).toBe('LINK_EXPIRED');
    await expectUntouched(address, link.activationCode);
  });

  it('leaves a registered account without a usable password until it is activated', async () => {
    const { address, link } = await registered();
    for (const password of [TEST_PASSWORD, NEW_PASSWORD, '']) {
      const response = await (await client()).request({
        method: 'POST',
        url: '/auth/login',
        payload: { loginName: address, password: password || 'x' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_CREDENTIALS');
    }
    await expectUntouched(address, link.activationCode);
  });
});
