import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommands } from '../../admin/commands';
import { loginThrottles } from '../../db/schema/access';
import { buildCustomer, buildTenant, buildUser } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, latestSmsCode, passwordStep } from './auth-test-support';
import { slowDownMs } from './login-throttle';

let context: AuthTestContext;
let tenantId: number;
let customerId: number;
let sequence = 0;

const GENERIC = {
  statusCode: 401,
  code: 'INVALID_CREDENTIALS',
  message: 'The login name or password is not correct.',
};

beforeAll(async () => {
  context = await createAuthTestApp({ LOCKOUT_MINUTES: '15' });
  const tenant = await buildTenant(context.database.db, { isDefault: true });
  tenantId = tenant.id;
  customerId = (await buildCustomer(context.database.db, tenant.id)).id;
});
afterAll(() => context.close());
beforeEach(() => {
  context.sleeps.length = 0;
});

async function freshUser(overrides: { pinPolicy?: 'SMS'; smsPhone?: string } = {}) {
  sequence += 1;
  return buildUser(context.database.db, tenantId, { customers: [{ id: customerId }], overrides });
}

function attempt(loginName: string, password: string | undefined, remoteAddress: string) {
  return passwordStep(new TestClient(context), { loginName, password, remoteAddress });
}

async function throttleRow(key: string) {
  const [row] = await context.database.db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  return row;
}

describe('slowDownMs', () => {
  it('is 0 up to 4 failures, then 1, 2, 4, 8 seconds, and never more than 8', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 20].map(slowDownMs)).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('brute force per account', () => {
  it('slows down after 5 failures, locks after 10 without checking the password, and an operator unlocks', async () => {
    const user = await freshUser();
    // Each guess from its own address: only the account counter grows.
    for (let failure = 1; failure <= 10; failure += 1) {
      const response = await attempt(user.loginName, 'wrong-password', `10.2.${sequence}.${failure}`);
      expect(response.json()).toEqual(GENERIC);
    }
    // Guesses 6 to 10 waited 1, 2, 4, 8 and 8 seconds before being checked.
    expect(context.sleeps).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(await throttleRow(`user:${user.id}`)).toMatchObject({ failures: 10 });
    expect((await throttleRow(`user:${user.id}`))!.lockedUntil!.getTime()).toBeGreaterThan(
      Date.now() + 14 * 60_000,
    );

    // Locked: the right password reads exactly like a wrong one, and creates no session.
    const locked = await attempt(user.loginName, undefined, '10.2.200.1');
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(GENERIC);
    expect(locked.cookies.find((cookie) => cookie.name === 'SETTLE_SESSION')).toBeUndefined();

    const message = await adminCommands.unlock(
      { db: context.database.db, services: context.app.services },
      user.loginName.toUpperCase(),
    );
    expect(message).toBe(`${user.loginName.toUpperCase()} unlocked`);
    expect(await throttleRow(`user:${user.id}`)).toBeUndefined();
    const unlocked = await attempt(user.loginName, undefined, '10.2.200.2');
    expect(unlocked.statusCode).toBe(200);
  });

  it('forgets the account failures on a successful sign-in', async () => {
    const user = await freshUser();
    for (let failure = 1; failure <= 4; failure += 1) {
      await attempt(user.loginName, 'wrong-password', '10.3.0.1');
    }
    expect(await throttleRow(`user:${user.id}`)).toMatchObject({ failures: 4 });
    expect((await attempt(user.loginName, undefined, '10.3.0.1')).statusCode).toBe(200);
    expect(await throttleRow(`user:${user.id}`)).toBeUndefined();
    // The address keeps its own count.
    expect(await throttleRow('ip:10.3.0.1')).toMatchObject({ failures: 4 });
  });

  it('counts wrong sign-in codes like wrong passwords', async () => {
    const user = await freshUser({ pinPolicy: 'SMS', smsPhone: '5550177' });
    const client = new TestClient(context);
    await passwordStep(client, { loginName: user.loginName, remoteAddress: '10.4.0.1' });
    const code = await latestSmsCode(context, '5550177');
    const wrong = code === '000000' ? '111111' : '000000';
    await passwordStep(client, { loginName: user.loginName, pinCode: wrong, remoteAddress: '10.4.0.1' });
    await passwordStep(client, { loginName: user.loginName, pinCode: wrong, remoteAddress: '10.4.0.1' });
    expect(await throttleRow(`user:${user.id}`)).toMatchObject({ failures: 2 });
    expect(await throttleRow('ip:10.4.0.1')).toMatchObject({ failures: 2 });
  });

  it('treats an unknown login name like a real one: it slows down and locks too', async () => {
    for (let failure = 1; failure <= 6; failure += 1) {
      expect((await attempt('no.such.person', 'guess', `10.5.0.${failure}`)).json()).toEqual(GENERIC);
    }
    expect(context.sleeps).toEqual([1000]);
  });

  it('starts counting again once the lock-out period passed quietly', async () => {
    const user = await freshUser();
    for (let failure = 1; failure <= 6; failure += 1)
      await attempt(user.loginName, 'bad', `10.6.0.${failure}`);
    await context.database.db
      .update(loginThrottles)
      .set({ lastFailureAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginThrottles.key, `user:${user.id}`));
    context.sleeps.length = 0;
    await attempt(user.loginName, 'bad', '10.6.1.1');
    expect(context.sleeps).toEqual([]);
    expect(await throttleRow(`user:${user.id}`)).toMatchObject({ failures: 1 });
  });
});

describe('brute force per address', () => {
  it('locks an address that failed 10 times across accounts, until an operator unlocks it', async () => {
    const address = '10.7.0.1';
    for (let failure = 1; failure <= 10; failure += 1) {
      const victim = await freshUser();
      await attempt(victim.loginName, 'wrong-password', address);
    }
    const honest = await freshUser();
    const blocked = await attempt(honest.loginName, undefined, address);
    expect(blocked.json()).toEqual(GENERIC);
    expect((await attempt(honest.loginName, undefined, '10.7.0.2')).statusCode).toBe(200);

    const admin = { db: context.database.db, services: context.app.services };
    expect(await adminCommands.unlockAddress(admin, address)).toBe(`${address} unlocked`);
    expect(await adminCommands.unlockAddress(admin, address)).toBe(
      `${address} had no failed sign-ins to clear`,
    );
    expect((await attempt(honest.loginName, undefined, address)).statusCode).toBe(200);
  });

  it('explains the operator commands when the argument is missing or unknown', async () => {
    const admin = { db: context.database.db, services: context.app.services };
    await expect(adminCommands.unlock(admin, undefined)).rejects.toThrow('Usage: npm run admin -- unlock');
    await expect(adminCommands.unlock(admin, 'nobody.known')).rejects.toThrow(
      'No user has the login name nobody.known',
    );
    await expect(adminCommands.unlockAddress(admin, ' ')).rejects.toThrow('unlock-address <ip>');
  });
});
