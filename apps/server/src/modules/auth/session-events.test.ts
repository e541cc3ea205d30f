import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../../admin/commands';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { isAllowedHost } from '../../plugins/session';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, sessionRow } from './auth-test-support';

let context: AuthTestContext;
let loginName: string;
let userId: number;
let tenantId: number;
let customerId: number;

const HOST = 'portal.example.com';

/** A browser on the allowed host. */
class HostClient extends TestClient {
  constructor(private readonly host: string) {
    super(context);
  }

  override request(options: Parameters<TestClient['request']>[0]) {
    return super.request({ ...options, headers: { host: this.host, ...(options.headers as object) } });
  }
}

beforeAll(async () => {
  context = await createAuthTestApp({ ALLOWED_HOSTS: `${HOST}, localhost:3000` });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  const user = await buildUser(db, tenant.id, { customers: [{ id: customer.id }] });
  loginName = user.loginName;
  userId = user.id;
  tenantId = tenant.id;
  customerId = customer.id;
});
afterAll(() => context.close());

async function signedIn(host = HOST, login = loginName) {
  const client = new HostClient(host);
  const response = await client.signIn(login, TEST_PASSWORD);
  expect(response.statusCode).toBe(200);
  return client;
}

describe('MGMT_SHUTDOWN', () => {
  it('ends every session: each next call answers 401 MGMT_SHUTDOWN once, then the session is gone', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const token = first.cookies.get('SETTLE_SESSION');

    const message = await adminCommands.shutdownSessions({
      db: context.database.db,
      services: context.app.services,
    });
    expect(message).toMatch(/^\d+ session\(s\) ended/);
    expect(Number(message.split(' ')[0])).toBeGreaterThanOrEqual(2);

    for (const client of [first, second]) {
      const response = await client.get('/invoices/associationAccounts');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        code: 'MGMT_SHUTDOWN',
        message: 'Your session was ended by an administrator. Please sign in again.',
      });
    }
    expect(await sessionRow(context, token)).toBeUndefined();
    const replay = await context.app.inject({
      url: `${context.api}/invoices/associationAccounts`,
      headers: { host: HOST },
      cookies: { SETTLE_SESSION: token! },
    });
    expect(replay.json().code).toBe('UNAUTHENTICATED');
    // Signing in again works at once.
    const again = await signedIn();
    expect((await again.get('/invoices/associationAccounts')).statusCode).toBe(200);
  });
});

describe('HOST_HEADER_MODIFIED', () => {
  it('answers calls through an allowed host, with or without a port where the entry has none', async () => {
    const client = await signedIn();
    expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);
    const withPort = await signedIn(`${HOST.toUpperCase()}:8443`);
    expect((await withPort.get('/invoices/associationAccounts')).statusCode).toBe(200);
  });

  it('refuses a call through another host and ends the session it carried', async () => {
    const client = await signedIn();
    const token = client.cookies.get('SETTLE_SESSION')!;
    const forged = await context.app.inject({
      url: `${context.api}/invoices/associationAccounts`,
      headers: { host: 'evil.example.net' },
      cookies: { SETTLE_SESSION: token },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'HOST_HEADER_MODIFIED' });
    expect(await sessionRow(context, token)).toMatchObject({ revokedReason: 'HOST_HEADER_MODIFIED' });
    // The rightful browser, back on the right host, is told why and sent to sign in.
    const next = await client.get('/invoices/associationAccounts');
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('HOST_HEADER_MODIFIED');
    expect(await sessionRow(context, token)).toBeUndefined();
  });

  it('refuses sign-in through another host', async () => {
    const before = await context.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    const client = new HostClient('localhost:8080');
    const response = await client.signIn(loginName, TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('HOST_HEADER_MODIFIED');
    const after = await context.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(after).toHaveLength(before.length);
    expect(
      response.cookies.find((cookie) => cookie.name === 'SETTLE_SESSION' && cookie.value),
    ).toBeUndefined();
  });

  it('matches entries by host, and by port only when the entry names one', () => {
    const allowed = ['portal.example.com', 'localhost:3000'];
    expect(isAllowedHost('portal.example.com', allowed)).toBe(true);
    expect(isAllowedHost('Portal.Example.com:443', allowed)).toBe(true);
    expect(isAllowedHost('localhost:3000', allowed)).toBe(true);
    expect(isAllowedHost('localhost:3001', allowed)).toBe(false);
    expect(isAllowedHost('localhost', allowed)).toBe(false);
    expect(isAllowedHost('portal.example.com.evil.net', allowed)).toBe(false);
    expect(isAllowedHost(undefined, allowed)).toBe(false);
    expect(isAllowedHost('anything', [])).toBe(true);
  });
});

describe('a deactivated user', () => {
  it('is refused with 415 on the next call and at sign-in, and keeps no session', async () => {
    const { db } = context.database;
    const user = await buildUser(db, tenantId, { customers: [{ id: customerId }] });
    const client = await signedIn(HOST, user.loginName);
    await db.update(users).set({ active: false }).where(eq(users.id, user.id));

    expectError(await client.get('/invoices/associationAccounts'), 415, 'USER_INACTIVE');
    const again = new HostClient(HOST);
    expectError(await again.signIn(user.loginName, TEST_PASSWORD), 415, 'USER_INACTIVE');
    expect(again.cookies.has('SETTLE_SESSION')).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});
