import { ErrorCode } from '@settle/shared/errors';
import { SecondFactorErrorCode } from '@settle/shared/second-factors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/command-list';
import type { AdminContext } from '../../admin/commands';
import { userPasskeys, userRecoveryCodes, userTotp } from '../../db/schema/second-factors';
import { createAdjustableClock } from '../../lib/clock';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, passwordStep, sessionRow } from '../auth/auth-test-support';
import { hotp, totpStep } from './totp';

const clock = createAdjustableClock();
let context: AuthTestContext;
let tenant: Awaited<ReturnType<typeof buildTenant>>;
let customerId: number;
let address = 0;

beforeAll(async () => {
  context = await createAuthTestApp({}, { services: { clock } });
  const { db } = context.database;
  tenant = await buildTenant(db, { isDefault: true, appHeaderName: 'Acme Portal' });
  customerId = (await buildCustomer(db, tenant.id)).id;
});
afterAll(() => context.close());

const admin = () => ({ db: context.database.db, services: context.app.services }) as unknown as AdminContext;

/** A user signed in on a client of their own, from an address of their own. */
async function signedInUser(overrides: NonNullable<Parameters<typeof buildUser>[2]>['overrides'] = {}) {
  const user = await buildUser(context.database.db, tenant.id, {
    customers: [{ id: customerId }],
    overrides,
  });
  const remoteAddress = `10.9.0.${++address}`;
  const client = new TestClient(context);
  const signIn = (c: TestClient) => passwordStep(c, { loginName: user.loginName, remoteAddress });
  expect((await signIn(client)).statusCode).toBe(200);
  return { user, client, signIn, remoteAddress };
}

/** Sets up the authenticator app; answers its secret and the recovery codes shown. */
async function enrolTotp(client: TestClient) {
  const started = await client.post('/user/secondFactors/totp');
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json();
  const confirmed = await client.post('/user/secondFactors/totp/confirm', {
    code: hotp(secret, totpStep(clock.now())),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

describe('the authenticator app (TOTP) from the profile', () => {
  it('shows a QR code and the secret, keeps the secret sealed, and turns on with a first code', async () => {
    const { user, client } = await signedInUser();
    const started = await client.post('/user/secondFactors/totp');
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toBe(
      `otpauth://totp/Acme%20Portal:${user.loginName}?secret=${body.secret}&issuer=Acme+Portal&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain(
      '<svg',
    );
    const [stored] = await context.database.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(stored!.secretSealed).not.toContain(body.secret);
    expect(context.app.services.sealer.open('totp-secret', stored!.secretSealed)).toBe(body.secret);
    expect(stored!.confirmedAt).toBeNull();

    // A wrong code changes nothing.
    const step = totpStep(clock.now());
    const wrong = await client.post('/user/secondFactors/totp/confirm', {
      code: hotp(body.secret, step + 5),
    });
    expectError(wrong, 400, SecondFactorErrorCode.SECOND_FACTOR_WRONG);
    const badFormat = await client.post('/user/secondFactors/totp/confirm', { code: '12ab' });
    expect(expectError(badFormat, 400, ErrorCode.VALIDATION_FAILED).fieldErrors).toEqual([
      { field: 'body.code', message: 'Enter the 6-digit code of your authenticator app' },
    ]);
    expect((await client.get('/user/secondFactors')).json().totp).toBe(false);

    const confirmed = await client.post('/user/secondFactors/totp/confirm', {
      code: hotp(body.secret, step),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored hashed: no code appears in the table.
    const rows = await context.database.db
      .select()
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    const table = JSON.stringify(rows);
    for (const code of codes) expect(table).not.toContain(code.replace('-', ''));

    expect((await client.get('/user/secondFactors')).json()).toEqual({
      totp: true,
      sms: false,
      passkeys: [],
      recoveryCodesLeft: 10,
      tenantRequiresSecondFactor: false,
    });
    // A second app is refused while one is on.
    expectError(await client.post('/user/secondFactors/totp'), 409, SecondFactorErrorCode.TOTP_ALREADY_ON);
  });
});

describe('the PIN step with the authenticator app (fixed clock)', () => {
  it('accepts the step before and after, refuses further steps and any replay of a used code', async () => {
    const { user, client, signIn } = await signedInUser();
    const { secret } = await enrolTotp(client);

    const fresh = new TestClient(context);
    const first = await signIn(fresh);
    expect(first.json()).toEqual({ pinRequired: true, pincodeMethod: 'TOTP', factors: ['TOTP', 'RECOVERY'] });
    expect((await sessionRow(context, fresh.cookies.get('SETTLE_SESSION')))?.state).toBe('pin_pending');
    // Nothing of the signed-in API answers the pending session.
    expect((await fresh.get('/user/secondFactors')).statusCode).toBe(401);

    clock.advance(30_000);
    const now = totpStep(clock.now());
    const tooFar = await fresh.post('/auth/secondFactor', { method: 'TOTP', code: hotp(secret, now + 2) });
    expect(expectError(tooFar, 401, 'INVALID_PINCODE').args).toEqual(['4']);
    const tooOld = await fresh.post('/auth/secondFactor', { method: 'TOTP', code: hotp(secret, now - 2) });
    expectError(tooOld, 401, 'INVALID_PINCODE');

    // The step after the current one is accepted (a fast phone clock).
    const accepted = await fresh.post('/auth/secondFactor', { method: 'TOTP', code: hotp(secret, now + 1) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().loginName).toBe(user.loginName);
    expect((await sessionRow(context, fresh.cookies.get('SETTLE_SESSION')))?.state).toBe('active');
    const [stored] = await context.database.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(stored!.lastUsedStep).toBe(now + 1);

    // The same code again, or the current step's (older than the one used): refused.
    const again = new TestClient(context);
    await signIn(again);
    expectError(
      await again.post('/auth/secondFactor', { method: 'TOTP', code: hotp(secret, now + 1) }),
      401,
      'INVALID_PINCODE',
    );
    expectError(
      await again.post('/auth/secondFactor', { method: 'TOTP', code: hotp(secret, now) }),
      401,
      'INVALID_PINCODE',
    );
    // A minute later the current step is new; its code works (the step before it was used).
    clock.advance(60_000);
    const later = totpStep(clock.now());
    expect(later).toBe(now + 2);
    const previousStep = await again.post('/auth/secondFactor', {
      method: 'TOTP',
      code: hotp(secret, later),
    });
    expect(previousStep.statusCode, previousStep.body).toBe(200);
  });

  it('ends the pending sign-in after five wrong codes', async () => {
    const { client, signIn } = await signedInUser();
    const { secret } = await enrolTotp(client);
    const fresh = new TestClient(context);
    await signIn(fresh);
    const wrong = hotp(secret, totpStep(clock.now()) + 7);
    for (const left of ['4', '3', '2', '1']) {
      const refused = await fresh.post('/auth/secondFactor', { method: 'TOTP', code: wrong });
      expect(expectError(refused, 401, 'INVALID_PINCODE').args).toEqual([left]);
    }
    const pendingToken = fresh.cookies.get('SETTLE_SESSION');
    const last = await fresh.post('/auth/secondFactor', { method: 'TOTP', code: wrong });
    expect(expectError(last, 401, 'NO_PENDING_SIGN_IN').message).toBe(
      'Too many wrong codes. Please sign in again.',
    );
    expect(await sessionRow(context, pendingToken)).toBeUndefined();
  });
});

describe('recovery codes', () => {
  it('sign in once each, typed in any case with or without the dash; regenerating retires the old ones', async () => {
    const { user, client, signIn } = await signedInUser();
    const { recoveryCodes } = await enrolTotp(client);

    const fresh = new TestClient(context);
    await signIn(fresh);
    const used = await fresh.post('/auth/secondFactor', {
      method: 'RECOVERY',
      code: recoveryCodes[0]!.toUpperCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await client.get('/user/secondFactors')).json().recoveryCodesLeft).toBe(9);

    const replay = new TestClient(context);
    await signIn(replay);
    expectError(
      await replay.post('/auth/secondFactor', { method: 'RECOVERY', code: recoveryCodes[0] }),
      401,
      'INVALID_PINCODE',
    );
    const malformed = await replay.post('/auth/secondFactor', { method: 'RECOVERY', code: 'nope' });
    expectError(malformed, 400, ErrorCode.VALIDATION_FAILED);

    const renewed = await client.post('/user/secondFactors/recoveryCodes');
    expect(renewed.statusCode).toBe(200);
    const newCodes: string[] = renewed.json().recoveryCodes;
    expect(newCodes).toHaveLength(10);
    expectError(
      await replay.post('/auth/secondFactor', { method: 'RECOVERY', code: recoveryCodes[1] }),
      401,
      'INVALID_PINCODE',
    );
    const withNew = await replay.post('/auth/secondFactor', {
      method: 'RECOVERY',
      code: newCodes[1]!.replace('-', ''),
    });
    expect(withNew.statusCode, withNew.body).toBe(200);
    const left = await context.database.db
      .select()
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, user.id));
    expect(left.filter((row) => row.usedAt === null)).toHaveLength(9);
  });

  it('are refused without an app or a passkey', async () => {
    const { client } = await signedInUser();
    expectError(
      await client.post('/user/secondFactors/recoveryCodes'),
      409,
      SecondFactorErrorCode.NO_FACTOR_FOR_RECOVERY,
    );
  });
});

describe("the tenant's policy", () => {
  it('refuses to remove the last factor while a second factor is required, and allows it once optional', async () => {
    const other = await buildTenant(context.database.db, { guid: 'policy-tenant' });
    const otherCustomer = await buildCustomer(context.database.db, other.id);
    const user = await buildUser(context.database.db, other.id, { customers: [{ id: otherCustomer.id }] });
    const client = new TestClient(context);
    await client.get('/config.js');
    const signIn = (c: TestClient) =>
      c.request({
        method: 'POST',
        url: '/auth/login?solutionInstanceGuid=policy-tenant',
        payload: { loginName: user.loginName, password: TEST_PASSWORD },
        remoteAddress: '10.9.1.1',
      });
    const plain = await signIn(client);
    expect(plain.statusCode, plain.body).toBe(200);
    const { secret } = await enrolTotp(client);

    expect(await runAdminCommand(admin(), 'second-factor-policy', 'policy-tenant required')).toMatch(
      /every user now signs in with a second factor/,
    );
    const refused = await client.request({ method: 'DELETE', url: '/user/secondFactors/totp' });
    expect(expectError(refused, 409, SecondFactorErrorCode.SECOND_FACTOR_REQUIRED).message).toBe(
      'Your organisation requires a second factor: add another one before you remove the last one.',
    );
    expect((await client.get('/user/secondFactors')).json()).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
      tenantRequiresSecondFactor: true,
    });
    expect(secret).toBeTruthy();

    await runAdminCommand(admin(), 'second-factor-policy', 'policy-tenant optional');
    const removed = await client.request({ method: 'DELETE', url: '/user/secondFactors/totp' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
      tenantRequiresSecondFactor: false,
    });
    await expect(runAdminCommand(admin(), 'second-factor-policy', 'policy-tenant maybe')).rejects.toThrow(
      /Usage/,
    );
  });

  it('sends the SMS code to a user with no factor of their own when the tenant requires one', async () => {
    const { signIn } = await signedInUser({ smsAreaCode: '+1', smsPhone: '555 010 0999' });
    await runAdminCommand(admin(), 'second-factor-policy', 'default required');
    try {
      const fresh = new TestClient(context);
      const answer = await signIn(fresh);
      expect(answer.json()).toEqual({
        pinRequired: true,
        pincodeMethod: 'SMS',
        maskedMobile: '••••0999',
        factors: ['SMS'],
      });
    } finally {
      await runAdminCommand(admin(), 'second-factor-policy', 'default optional');
    }
  });
});

describe('passkeys', () => {
  it('hands out creation options bound to the session, and refuses a forged answer without storing it', async () => {
    const { user, client } = await signedInUser();
    const options = await client.post('/user/secondFactors/passkeys/options');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Acme Portal' },
      user: { name: user.loginName },
      attestation: 'none',
      challenge: expect.any(String),
    });
    const forged = await client.post('/user/secondFactors/passkeys', {
      name: 'Laptop',
      response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} },
    });
    expectError(forged, 400, SecondFactorErrorCode.PASSKEY_REFUSED);
    // The challenge served once: a second try has none.
    const again = await client.post('/user/secondFactors/passkeys', {
      name: 'Laptop',
      response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {}, clientExtensionResults: {} },
    });
    expect(expectError(again, 400, SecondFactorErrorCode.PASSKEY_REFUSED).message).toBe(
      'The passkey request has expired. Please try again.',
    );
    const noName = await client.post('/user/secondFactors/passkeys', {
      name: ' ',
      response: { id: 'abc', rawId: 'abc', type: 'public-key' },
    });
    expectError(noName, 400, ErrorCode.VALIDATION_FAILED);
    expect(
      await context.database.db.select().from(userPasskeys).where(eq(userPasskeys.userId, user.id)),
    ).toEqual([]);
  });

  it("answers 404 for another user's passkey, and leaves it in place", async () => {
    const owner = await signedInUser();
    const [stored] = await context.database.db
      .insert(userPasskeys)
      .values({
        tenantId: tenant.id,
        userId: owner.user.id,
        credentialId: 'cred-of-owner',
        publicKey: 'AAAA',
        name: 'Owner key',
      })
      .returning();
    const stranger = await signedInUser();
    const refused = await stranger.client.request({
      method: 'DELETE',
      url: `/user/secondFactors/passkeys/${stored!.id}`,
    });
    expectError(refused, 404, ErrorCode.NOT_FOUND);
    expect(
      await context.database.db.select().from(userPasskeys).where(eq(userPasskeys.id, stored!.id)),
    ).toHaveLength(1);
    expect((await owner.client.get('/user/secondFactors')).json().passkeys).toEqual([
      { id: stored!.id, name: 'Owner key', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    // The owner's sign-in now offers the passkey first.
    const fresh = new TestClient(context);
    const answer = await owner.signIn(fresh);
    expect(answer.json()).toEqual({ pinRequired: true, pincodeMethod: 'PASSKEY', factors: ['PASSKEY'] });
    const assertion = await fresh.post('/auth/passkey/options');
    expect(assertion.json()).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [{ id: 'cred-of-owner', type: 'public-key' }],
    });
    const removed = await owner.client.request({
      method: 'DELETE',
      url: `/user/secondFactors/passkeys/${stored!.id}`,
    });
    expect(removed.json().passkeys).toEqual([]);
  });
});
