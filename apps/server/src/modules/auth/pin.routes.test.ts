import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { pinChallenges } from '../../db/schema/access';
import { sessions } from '../../db/schema/sessions';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser } from '../../test/factories';
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
let phoneSequence = 100;

beforeAll(async () => {
  context = await createAuthTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  tenantId = tenant.id;
  customerId = (await buildCustomer(db, tenant.id, { company: 'Alpha Tools' })).id;
});
afterAll(() => context.close());

/**
 * A user with an SMS PIN policy and a mobile of their own, signing in from an address of
 * their own (brute-force counters are per address too); answers where their codes go.
 */
async function pinUser(language = 'en') {
  phoneSequence += 1;
  const user = await buildUser(context.database.db, tenantId, {
    customers: [{ id: customerId }],
    overrides: { pinPolicy: 'SMS', smsAreaCode: '+1', smsPhone: `555 010 0${phoneSequence}`, language },
  });
  const remoteAddress = `10.0.0.${phoneSequence - 100}`;
  return {
    loginName: user.loginName,
    userId: user.id,
    recipient: `+15550100${phoneSequence}`,
    signIn: (client: TestClient, step: { password?: string; pinCode?: string } = {}) =>
      passwordStep(client, { loginName: user.loginName, remoteAddress, ...step }),
  };
}

async function challengesOf(token: string) {
  return context.database.db
    .select()
    .from(pinChallenges)
    .where(eq(pinChallenges.sessionTokenHash, hashToken(token)));
}

describe('the PIN step', () => {
  it('asks for a code after the password, sends it by SMS, and signs in with it on the same session', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await client.get('/config.js');
    const xsrfBefore = client.cookies.get('XSRF-TOKEN');

    const first = await user.signIn(client);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      pinRequired: true,
      pincodeMethod: 'SMS',
      maskedMobile: `••••${user.recipient.slice(-4)}`,
      factors: ['SMS'],
    });
    const pendingToken = client.cookies.get('SETTLE_SESSION')!;
    expect(await sessionRow(context, pendingToken)).toMatchObject({
      state: 'pin_pending',
      userId: user.userId,
    });
    // A new CSRF token comes with the half-signed-in session.
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(xsrfBefore);
    const [challenge] = await challengesOf(pendingToken);
    const code = await latestSmsCode(context, user.recipient);
    expect(challenge!.codeHash).not.toContain(code);
    expect(challenge!.expiresAt.getTime() - challenge!.sentAt.getTime()).toBe(10 * 60_000);

    const second = await user.signIn(client, { pinCode: code });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      loginName: user.loginName,
      currentCustomer: { company: 'Alpha Tools' },
    });
    const activeToken = client.cookies.get('SETTLE_SESSION')!;
    // Rotation again: the pending token is gone, a new active one replaces it.
    expect(activeToken).not.toBe(pendingToken);
    expect(await sessionRow(context, pendingToken)).toBeUndefined();
    expect(await sessionRow(context, activeToken)).toMatchObject({ state: 'active' });
    expect(await challengesOf(pendingToken)).toHaveLength(0);
    expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);
  });

  it('replaces whatever session the browser had at the password step, and again after the code', async () => {
    const plain = await buildUser(context.database.db, tenantId, { customers: [{ id: customerId }] });
    const user = await pinUser();
    const client = new TestClient(context);
    // A session the browser already carries (it could have been planted by someone else).
    await passwordStep(client, { loginName: plain.loginName, remoteAddress: '10.0.1.1' });
    const planted = client.cookies.get('SETTLE_SESSION')!;
    expect(await sessionRow(context, planted)).toMatchObject({ state: 'active' });

    await user.signIn(client);
    const pending = client.cookies.get('SETTLE_SESSION')!;
    expect(pending).not.toBe(planted);
    expect(await sessionRow(context, planted)).toBeUndefined();

    await user.signIn(client, { pinCode: await latestSmsCode(context, user.recipient) });
    const active = client.cookies.get('SETTLE_SESSION')!;
    expect(new Set([planted, pending, active]).size).toBe(3);
    expect(await sessionRow(context, active)).toMatchObject({ state: 'active', userId: user.userId });
  });

  it('words the text in the user language', async () => {
    const user = await pinUser('fr');
    await user.signIn(new TestClient(context));
    const [row] = await queryRows<{ body: string }>(
      context.database.db,
      sql`select body from courier_messages where recipient = ${user.recipient} order by id desc limit 1`,
    );
    expect(row!.body).toMatch(/^Votre code de connexion Settle est \d{6}\. Il expire dans 10 minutes\.$/);
  });

  it('lets no data call through on a half-signed-in session', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const list = await client.get('/invoices/associationAccounts');
    expect(list.statusCode).toBe(401);
    expect(list.json().code).toBe('UNAUTHENTICATED');
    const sessionBefore = await sessionRow(context, client.cookies.get('SETTLE_SESSION'));
    expectError(await client.put('/user/currenctCust/C1', {}), 401, 'UNAUTHENTICATED');
    expect(await sessionRow(context, client.cookies.get('SETTLE_SESSION'))).toEqual(sessionBefore);
    // Skipping the code by sending the password alone again only starts another attempt.
    const again = await user.signIn(client);
    expect(again.json()).toMatchObject({ pinRequired: true });
    expectError(await client.get('/invoices/associationAccounts'), 401, 'UNAUTHENTICATED');
  });

  it('accepts a code once: replaying it with the old or the new cookie fails', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const pendingToken = client.cookies.get('SETTLE_SESSION')!;
    const code = await latestSmsCode(context, user.recipient);
    expect((await user.signIn(client, { pinCode: code })).statusCode).toBe(200);
    const sessionsBefore = await context.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.userId));

    const replayOnActive = await user.signIn(client, { pinCode: code });
    expect(replayOnActive.statusCode).toBe(401);
    expect(replayOnActive.json().code).toBe('COURIER_PINCODE_EXPIRED');

    const thief = new TestClient(context);
    await thief.get('/config.js');
    thief.cookies.set('SETTLE_SESSION', pendingToken);
    const replayOnPending = await user.signIn(thief, { pinCode: code });
    expect(replayOnPending.statusCode).toBe(401);
    expect(replayOnPending.json().code).toBe('COURIER_PINCODE_EXPIRED');
    const sessionsAfter = await context.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    expect(sessionsAfter.map((row) => row.tokenHash)).toEqual(sessionsBefore.map((row) => row.tokenHash));
  });

  it('refuses an expired code with COURIER_PINCODE_EXPIRED and kills it', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const token = client.cookies.get('SETTLE_SESSION')!;
    const code = await latestSmsCode(context, user.recipient);
    await context.database.db
      .update(pinChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pinChallenges.sessionTokenHash, hashToken(token)));
    const response = await user.signIn(client, { pinCode: code });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'COURIER_PINCODE_EXPIRED',
      message: 'Your sign-in code has expired. Please sign in again.',
    });
    const [challenge] = await challengesOf(token);
    expect(challenge!.consumedAt).not.toBeNull();
    expect(await sessionRow(context, token)).toMatchObject({ state: 'pin_pending' });
  });

  it('never accepts the code of another attempt, even of the same user', async () => {
    const user = await pinUser();
    const first = new TestClient(context);
    await user.signIn(first);
    const firstCode = await latestSmsCode(context, user.recipient);
    const second = new TestClient(context);
    await user.signIn(second);
    const secondCode = await latestSmsCode(context, user.recipient);
    // Distinct codes (retry in the unlikely case the two random codes collide).
    if (firstCode === secondCode) return;

    const crossed = await user.signIn(second, { pinCode: firstCode });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ code: 'INVALID_PINCODE', args: ['4'] });

    // A new attempt on the same browser ends the previous one: its code dies with it.
    const third = new TestClient(context);
    await user.signIn(third);
    const oldToken = third.cookies.get('SETTLE_SESSION')!;
    const oldCode = await latestSmsCode(context, user.recipient);
    await user.signIn(third);
    expect(await sessionRow(context, oldToken)).toBeUndefined();
    const stale = await user.signIn(third, { pinCode: oldCode });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('INVALID_PINCODE');
    expect((await user.signIn(second, { pinCode: secondCode })).statusCode).toBe(200);
  });

  it('counts wrong codes: 4 tries left, then 3..., the 5th kills the code, a new one works', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const token = client.cookies.get('SETTLE_SESSION')!;
    const code = await latestSmsCode(context, user.recipient);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const triesLeft of [4, 3, 2, 1]) {
      const response = await user.signIn(client, { pinCode: wrong });
      expect(response.json()).toMatchObject({
        statusCode: 401,
        code: 'INVALID_PINCODE',
        args: [String(triesLeft)],
      });
    }
    const fifth = await user.signIn(client, { pinCode: wrong });
    expect(fifth.json()).toMatchObject({ statusCode: 401, code: 'PINCODE_ATTEMPTS_EXCEEDED' });
    // Even the right code is refused now: the challenge is dead.
    const late = await user.signIn(client, { pinCode: code });
    expect(late.json().code).toBe('PINCODE_ATTEMPTS_EXCEEDED');
    expect(client.cookies.get('SETTLE_SESSION')).toBe(token);

    // A new code, after the resend interval: at most 5 guesses per 30 seconds.
    const early = expectError(await client.post('/auth/resendPin'), 429, 'RATE_LIMITED');
    expect(early.message).toMatch(/Wait \d+ seconds before asking for a new one/);
    expect(await challengesOf(token)).toHaveLength(1);
    await context.database.db
      .update(pinChallenges)
      .set({ sentAt: new Date(Date.now() - 31_000) })
      .where(eq(pinChallenges.sessionTokenHash, hashToken(token)));
    const resent = await client.post('/auth/resendPin');
    expect(resent.json()).toEqual({
      pinSent: true,
      pincodeMethod: 'SMS',
      maskedMobile: `••••${user.recipient.slice(-4)}`,
    });
    const fresh = await latestSmsCode(context, user.recipient);
    expect((await user.signIn(client, { pinCode: fresh })).statusCode).toBe(200);
  });

  it('still checks the password on the code step', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const code = await latestSmsCode(context, user.recipient);
    const response = await user.signIn(client, { password: 'wrong-password', pinCode: code });
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    expect(await sessionRow(context, client.cookies.get('SETTLE_SESSION'))).toMatchObject({
      state: 'pin_pending',
    });
  });

  it('ends the half-signed-in session and its code at sign-out', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const token = client.cookies.get('SETTLE_SESSION')!;
    expect(await challengesOf(token)).toHaveLength(1);
    expect((await client.get('/auth/logout')).json()).toEqual({ loggedOut: true });
    expect(await sessionRow(context, token)).toBeUndefined();
    expect(await challengesOf(token)).toHaveLength(0);
  });
});

describe('POST /auth/resendPin', () => {
  it('sends at most one code per 30 seconds and 5 new codes per sign-in', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const token = client.cookies.get('SETTLE_SESSION')!;

    const tooSoon = await client.post('/auth/resendPin');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(tooSoon.json().message).toMatch(/Wait \d+ seconds before asking for a new one/);
    expect(await challengesOf(token)).toHaveLength(1);

    const ageChallenges = () =>
      context.database.db
        .update(pinChallenges)
        .set({ sentAt: new Date(Date.now() - 31_000) })
        .where(eq(pinChallenges.sessionTokenHash, hashToken(token)));
    for (let resend = 1; resend <= 5; resend += 1) {
      await ageChallenges();
      const response = await client.post('/auth/resendPin');
      expect(response.statusCode, `resend ${resend}`).toBe(200);
    }
    await ageChallenges();
    const flooded = await client.post('/auth/resendPin');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toBe('Too many codes were asked for this sign-in. Please sign in again.');
    const rows = await challengesOf(token);
    expect(rows).toHaveLength(6);
    // Only the newest code is live.
    expect(rows.filter((row) => row.consumedAt === null)).toHaveLength(1);
    const [{ count }] = (await queryRows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from courier_messages where recipient = ${user.recipient}`,
    )) as [{ count: number }];
    expect(count).toBe(6);
  });

  it('caps the codes per user across sign-in attempts, so the password alone cannot flood the phone', async () => {
    const user = await pinUser();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await user.signIn(new TestClient(context))).json(), `attempt ${attempt}`).toMatchObject({
        pinRequired: true,
      });
    }
    const client = new TestClient(context);
    const eleventh = await user.signIn(client);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in codes were sent to this account in the last hour. Please try again later.',
    });
    expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
    const [{ count }] = (await queryRows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from courier_messages where recipient = ${user.recipient}`,
    )) as [{ count: number }];
    expect(count).toBe(10);
  });

  it('makes an earlier code useless once a new one is sent', async () => {
    const user = await pinUser();
    const client = new TestClient(context);
    await user.signIn(client);
    const token = client.cookies.get('SETTLE_SESSION')!;
    const oldCode = await latestSmsCode(context, user.recipient);
    await context.database.db
      .update(pinChallenges)
      .set({ sentAt: new Date(Date.now() - 31_000) })
      .where(eq(pinChallenges.sessionTokenHash, hashToken(token)));
    await client.post('/auth/resendPin');
    const newCode = await latestSmsCode(context, user.recipient);
    if (newCode === oldCode) return;
    const response = await user.signIn(client, { pinCode: oldCode });
    expect(response.json().code).toBe('INVALID_PINCODE');
  });

  it('answers 401 without a half-signed-in session', async () => {
    const client = new TestClient(context);
    await client.get('/config.js');
    const response = await client.post('/auth/resendPin');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('NO_PENDING_SIGN_IN');
  });
});
