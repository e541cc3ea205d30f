import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinChallenges } from '../../db/schema/access';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import {
  type AuthTestContext,
  createAuthTestApp,
  latestSmsCode,
  passwordStep,
  sessionRow,
} from './auth-test-support';
import { hashToken } from './session.service';

let context: AuthTestContext;
let tenantId: number;
let customerId: number;
let sequence = 0;

beforeAll(async () => {
  context = await createAuthTestApp();
  const tenant = await buildTenant(context.database.db, { isDefault: true });
  tenantId = tenant.id;
  customerId = (await buildCustomer(context.database.db, tenant.id)).id;
});
afterAll(() => context.close());

/** A user with a PIN policy and no mobile, half signed in: the SEND_PINCODE_NO_MOBILE path. */
async function signedInWithoutMobile() {
  sequence += 1;
  const user = await buildUser(context.database.db, tenantId, {
    customers: [{ id: customerId }],
    overrides: { pinPolicy: 'SMS' },
  });
  const client = new TestClient(context);
  const remoteAddress = `10.1.0.${sequence}`;
  const response = await passwordStep(client, { loginName: user.loginName, remoteAddress });
  return { user, client, response, remoteAddress };
}

async function storedPhone(userId: number) {
  const [row] = await context.database.db
    .select({ smsAreaCode: users.smsAreaCode, smsPhone: users.smsPhone })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe('SEND_PINCODE_NO_MOBILE', () => {
  it('answers 401 with the key, and a half-signed-in session that can reach no data', async () => {
    const { user, client, response } = await signedInWithoutMobile();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'SEND_PINCODE_NO_MOBILE',
      message: 'There is no mobile number to send your sign-in code to. Enter one to continue.',
    });
    const token = client.cookies.get('SETTLE_SESSION');
    expect(await sessionRow(context, token)).toMatchObject({ state: 'pin_pending', userId: user.id });
    expectError(await client.get('/invoices/associationAccounts'), 401, 'UNAUTHENTICATED');
    // No code could be sent, so none is waiting.
    const challenges = await context.database.db
      .select()
      .from(pinChallenges)
      .where(eq(pinChallenges.sessionTokenHash, hashToken(token!)));
    expect(challenges).toHaveLength(0);
    const resend = await client.post('/auth/resendPin');
    expect(resend.json().code).toBe('SEND_PINCODE_NO_MOBILE');
  });
});

describe('POST /auth/updateMobile', () => {
  it('saves the number, sends the code to it, and the code completes the sign-in', async () => {
    const { user, client, remoteAddress } = await signedInWithoutMobile();
    const response = await client.post('/auth/updateMobile', {
      loginName: user.loginName,
      password: TEST_PASSWORD,
      smsAreaCode: '+33',
      smsPhone: '6 12 34 56 78',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ saved: true, pinSent: true, maskedMobile: '••••5678' });
    expect(await storedPhone(user.id)).toEqual({ smsAreaCode: '+33', smsPhone: '6 12 34 56 78' });
    const code = await latestSmsCode(context, '+33612345678');
    const signedIn = await passwordStep(client, { loginName: user.loginName, pinCode: code, remoteAddress });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().loginName).toBe(user.loginName);
  });

  it('accepts both fields empty: saved, but no code can be sent', async () => {
    const { user, client } = await signedInWithoutMobile();
    const response = await client.post('/auth/updateMobile', {
      loginName: user.loginName,
      smsAreaCode: '',
      smsPhone: '',
    });
    expect(response.json()).toEqual({ saved: true, pinSent: false });
    expect(await storedPhone(user.id)).toEqual({ smsAreaCode: '', smsPhone: '' });
    expect(await sessionRow(context, client.cookies.get('SETTLE_SESSION'))).toMatchObject({
      state: 'pin_pending',
    });
  });

  it('refuses too-long values and the characters > < % " \' ; = with field messages, saving nothing', async () => {
    const { user, client } = await signedInWithoutMobile();
    const tooLong = await client.post('/auth/updateMobile', {
      loginName: user.loginName,
      smsAreaCode: '1'.repeat(21),
      smsPhone: '5'.repeat(36),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toEqual([
      { field: 'body.smsAreaCode', message: 'An area code has at most 20 characters' },
      { field: 'body.smsPhone', message: 'A mobile number has at most 35 characters' },
    ]);
    for (const character of ['>', '<', '%', '"', "'", ';', '=']) {
      const response = await client.post('/auth/updateMobile', {
        loginName: user.loginName,
        smsAreaCode: '+1',
        smsPhone: `555${character}0100`,
      });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().fieldErrors).toEqual([
        { field: 'body.smsPhone', message: 'These characters are not allowed: > < % " \' ; =' },
      ]);
    }
    expect(await storedPhone(user.id)).toEqual({ smsAreaCode: '', smsPhone: '' });
  });

  it('never replaces a number on file: the code cannot be redirected to another phone', async () => {
    const { user, client } = await signedInWithoutMobile();
    await client.post('/auth/updateMobile', {
      loginName: user.loginName,
      smsAreaCode: '+1',
      smsPhone: '5550109999',
    });
    const hijack = await client.post('/auth/updateMobile', {
      loginName: user.loginName,
      smsAreaCode: '+1',
      smsPhone: '5550101111',
    });
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json().code).toBe('MOBILE_ALREADY_SET');
    expect(await storedPhone(user.id)).toEqual({ smsAreaCode: '+1', smsPhone: '5550109999' });
  });

  it('refuses another login name or a wrong password on the half-signed-in session', async () => {
    const { user, client } = await signedInWithoutMobile();
    const other = await client.post('/auth/updateMobile', {
      loginName: 'someone.else',
      smsPhone: '5550102222',
    });
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('INVALID_CREDENTIALS');
    const wrongPassword = await client.post('/auth/updateMobile', {
      loginName: user.loginName,
      password: 'not-the-password',
      smsPhone: '5550102222',
    });
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');
    expect(await storedPhone(user.id)).toEqual({ smsAreaCode: '', smsPhone: '' });
  });

  it('answers 401 without a half-signed-in session, and on a fully signed-in one', async () => {
    const anonymous = new TestClient(context);
    await anonymous.get('/config.js');
    const response = await anonymous.post('/auth/updateMobile', { loginName: 'x', smsPhone: '5550103333' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('NO_PENDING_SIGN_IN');

    const plain = await buildUser(context.database.db, tenantId, { customers: [{ id: customerId }] });
    const active = new TestClient(context);
    expect(
      (await passwordStep(active, { loginName: plain.loginName, remoteAddress: '10.1.1.1' })).statusCode,
    ).toBe(200);
    const onActive = await active.post('/auth/updateMobile', {
      loginName: plain.loginName,
      smsPhone: '5550103333',
    });
    expectError(onActive, 401, 'NO_PENDING_SIGN_IN');
    expect(await storedPhone(plain.id)).toEqual({ smsAreaCode: '', smsPhone: '' });
  });
});
