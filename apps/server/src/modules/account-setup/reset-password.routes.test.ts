import { ACCOUNT_SETUP_MESSAGES } from '@settle/shared/account-setup';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, loginThrottles } from '../../db/schema/access';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { hashAccountCode } from '../auth/account-tokens';
import { type AuthTestContext, createAuthTestApp, passwordStep } from '../auth/auth-test-support';
import { accountKey } from '../auth/login-throttle';
import { latestEmail, linkIn, TEST_ORIGIN, tamper } from './account-setup-test-support';

let context: AuthTestContext;
let tenantId: number;
let customerId: number;
let sequence = 0;
const NEW_PASSWORD = 'New-password-42';
const passwords = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

beforeAll(async () => {
  context = await createAuthTestApp({ PUBLIC_ORIGIN: TEST_ORIGIN, RESET_LINK_MINUTES: '30' });
  const tenant = await buildTenant(context.database.db, { isDefault: true });
  tenantId = tenant.id;
  customerId = (await buildCustomer(context.database.db, tenant.id)).id;
});
afterAll(() => context.close());

async function client() {
  const created = new TestClient(context);
  await created.get('/config.js');
  return created;
}

/** An active user with a customer, and the reset link its recovery email carries. */
async function recovering(overrides: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  const email = `reset.${sequence}@example.com`;
  const user = await buildUser(context.database.db, tenantId, {
    loginName: `reset.user.${sequence}`,
    customers: [{ id: customerId, defAccount: true }],
    overrides: { email, ...overrides },
  });
  const caller = await client();
  expect((await caller.post('/auth/troubleSigningIn', { loginName: user.loginName })).json()).toEqual({
    sent: true,
  });
  await context.drain();
  const message = await latestEmail(context, email);
  return { user, email, message: message!, link: linkIn(message!.body, 'resetPassword') };
}

async function signsIn(loginName: string, password: string) {
  const response = await passwordStep(new TestClient(context), {
    loginName,
    password,
    remoteAddress: `10.3.0.${++sequence}`,
  });
  return response.statusCode === 200;
}

async function sessionsOf(userId: number) {
  return context.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('password reset from the recovery email', () => {
  it('sets the new password, ends every session of the user, forgets failed sign-ins, and does not sign in', async () => {
    const { user, message, link } = await recovering();
    expect(message.body).toContain('expires in 30 minutes');
    const { sealer } = context.app.services;
    expect(sealer.open('companyId', link.encryptedCompanyId)).toBe(String(customerId));
    expect(sealer.open('namedUser', link.namedUser)).toBe(user.loginName);
    const [token] = await context.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.codeHash, hashAccountCode(link.activationCode)));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(30 * 60_000);

    const laptop = new TestClient(context);
    const phone = new TestClient(context);
    expect((await laptop.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await phone.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(2);
    expect(await signsIn(user.loginName, 'a wrong guess')).toBe(false);
    const throttled = await context.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, accountKey(user.id)));
    expect(throttled).toHaveLength(1);

    const caller = await client();
    const response = await caller.post('/user/resetPassword', { ...link, reset: 'Y', ...passwords });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'PASSWORD_RESET_DONE' });
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('SETTLE_SESSION');
    expect(caller.cookies.has('SETTLE_SESSION')).toBe(false);

    expect(await sessionsOf(user.id)).toHaveLength(0);
    expectError(await laptop.get('/invoices/associationAccounts'), 401, 'UNAUTHENTICATED');
    expectError(await phone.get('/invoices/associationAccounts'), 401, 'UNAUTHENTICATED');
    expect(
      await context.database.db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, accountKey(user.id))),
    ).toHaveLength(0);

    expect(await signsIn(user.loginName, TEST_PASSWORD)).toBe(false);
    expect(await signsIn(user.loginName, NEW_PASSWORD)).toBe(true);

    const reused = await caller.post('/user/resetPassword', {
      ...link,
      reset: 'Y',
      password: 'Third-password-3',
      confirmPassword: 'Third-password-3',
    });
    expect(reused.statusCode).toBe(406);
    expect(reused.json().code).toBe('LINK_EXPIRED');
    expect(await signsIn(user.loginName, NEW_PASSWORD)).toBe(true);
  });

  it('leaves a PIN user to the code step: the reset itself signs nobody in', async () => {
    const { user, link } = await recovering({ pinPolicy: 'SMS', smsPhone: '5550100999' });
    const caller = await client();
    expect((await caller.post('/user/resetPassword', { ...link, ...passwords })).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const signIn = await new TestClient(context).signIn(user.loginName, NEW_PASSWORD);
    expect(signIn.json()).toMatchObject({ pinRequired: true });
  });
  it("accepts a 'reset' code too (issued outside the recovery email)", async () => {
    const { user } = await recovering();
    const { code } = await context.app.services.accountTokens.issue({
      userId: user.id,
      purpose: 'reset',
      ttlMinutes: 10,
    });
    const { sealer } = context.app.services;
    const response = await (await client()).post('/user/resetPassword', {
      encryptedCompanyId: sealer.seal('companyId', String(customerId)),
      namedUser: sealer.seal('namedUser', user.loginName),
      activationCode: code,
      reset: 'Y',
      ...passwords,
    });
    expect(response.json()).toEqual({ message: 'PASSWORD_RESET_DONE' });
    expect(await signsIn(user.loginName, NEW_PASSWORD)).toBe(true);
  });

  it('refuses a registered account that was never activated: its activation link is no reset link', async () => {
    const { sealer } = context.app.services;
    const user = await buildUser(context.database.db, tenantId, {
      loginName: 'waiting@example.com',
      customers: [{ id: customerId }],
      overrides: { active: false, activatedAt: null },
    });
    const { code } = await context.app.services.accountTokens.issue({
      userId: user.id,
      purpose: 'activation',
      ttlMinutes: 60,
    });
    const response = await (await client()).post('/user/resetPassword', {
      encryptedCompanyId: sealer.seal('companyId', String(customerId)),
      namedUser: sealer.seal('namedUser', user.loginName),
      activationCode: code,
      ...passwords,
    });
    expect(response.statusCode).toBe(406);
    expect(response.json().code).toBe('LINK_EXPIRED');
  });
});

describe('password reset refusals change nothing', () => {
  async function passwordUnchanged(loginName: string) {
    expect(await signsIn(loginName, TEST_PASSWORD)).toBe(true);
  }

  it('refuses an expired code (406 LINK_EXPIRED)', async () => {
    const { user, link } = await recovering();
    await context.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.codeHash, hashAccountCode(link.activationCode)));
    const response = await (await client()).post('/user/resetPassword', { ...link, ...passwords });
    expect(response.statusCode).toBe(406);
    expect(response.json().code).toBe('LINK_EXPIRED');
    await passwordUnchanged(user.loginName);
  });

  it('refuses a changed link (400 INVALID_LINK) and keeps the code usable', async () => {
    const { user, link } = await recovering();
    const caller = await client();
    for (const changed of [
      { namedUser: tamper(link.namedUser) },
      { encryptedCompanyId: tamper(link.encryptedCompanyId) },
    ]) {
      const response = await caller.post('/user/resetPassword', { ...link, ...changed, ...passwords });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_LINK');
    }
    await passwordUnchanged(user.loginName);
    expect((await caller.post('/user/resetPassword', { ...link, ...passwords })).statusCode).toBe(200);
  });

  it("refuses another user's code (406 LINK_EXPIRED)", async () => {
    const mine = await recovering();
    const theirs = await recovering();
    const response = await (await client()).post('/user/resetPassword', {
      ...mine.link,
      activationCode: theirs.link.activationCode,
      ...passwords,
    });
    expectError(response, 406, 'LINK_EXPIRED');
    await passwordUnchanged(mine.user.loginName);
    await passwordUnchanged(theirs.user.loginName);
  });

  it('answers the password rules with field messages', async () => {
    const { user, link } = await recovering();
    const response = await (await client()).post('/user/resetPassword', {
      ...link,
      password: 'short',
      confirmPassword: 'other',
    });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().fieldErrors).toEqual([
      { field: 'body.password', message: ACCOUNT_SETUP_MESSAGES.passwordLength },
      { field: 'body.confirmPassword', message: ACCOUNT_SETUP_MESSAGES.passwordMismatch },
    ]);
    await passwordUnchanged(user.loginName);
  });

  it('refuses a user deactivated since the email (415 USER_INACTIVE)', async () => {
    const { user, link } = await recovering();
    await context.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const response = await (await client()).post('/user/resetPassword', { ...link, ...passwords });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('USER_INACTIVE');
    const [token] = await context.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'recovery')));
    expect(token!.usedAt).toBeNull();
  });

  it('sends no recovery email to a user linked to no customer, with the same answer', async () => {
    const user = await buildUser(context.database.db, tenantId, {
      loginName: 'orphan.user',
      overrides: { email: 'orphan@example.com' },
    });
    const response = await (await client()).post('/auth/troubleSigningIn', { loginName: user.loginName });
    expect(response.json()).toEqual({ sent: true });
    await context.drain();
    expect(await latestEmail(context, 'orphan@example.com')).toBeUndefined();
    const tokens = await context.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.id));
    expect(tokens).toHaveLength(0);
  });
});
