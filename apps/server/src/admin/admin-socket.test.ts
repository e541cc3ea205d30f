import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, TestClient, type TestContext } from '../test/test-app';
import { adminSocketPath, sendAdminCommand, startAdminSocket } from './admin-socket';
import { runAdminCommand } from './command-list';
import { portalCommandRunner } from './portal-command-runner';

let context: TestContext;
let loginName: string;
const folder = mkdtempSync(path.join(tmpdir(), 'settle-admin-'));

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  loginName = (await buildUser(db, tenant.id, { customers: [{ id: customer.id }] })).loginName;
});
afterAll(async () => {
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

function listen(socketPath: string) {
  return startAdminSocket(socketPath, (command, argument) =>
    runAdminCommand({ db: context.database.db, services: context.app.services }, command, argument),
  );
}

describe('operator commands through the running portal', () => {
  it('ends the sessions of the live portal: the browser then hears MGMT_SHUTDOWN', async () => {
    const socketPath = adminSocketPath(folder)!;
    const socket = await listen(socketPath);
    try {
      expect(statSync(socketPath).mode & 0o777).toBe(0o600);
      const client = new TestClient(context);
      await client.signIn(loginName, TEST_PASSWORD);
      expect((await client.get('/invoices/associationAccounts')).statusCode).toBe(200);

      const reply = await sendAdminCommand(socketPath, { command: 'shutdown-sessions' });
      expect(reply).toEqual({ ok: true, output: expect.stringMatching(/^1 session\(s\) ended/) });

      const after = await client.get('/invoices/associationAccounts');
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'MGMT_SHUTDOWN' });
    } finally {
      await socket.close();
    }
  });

  it('answers an unknown command and a failing one with their errors, and keeps serving', async () => {
    const socketPath = path.join(folder, 'errors.sock');
    const socket = await listen(socketPath);
    try {
      expect(await sendAdminCommand(socketPath, { command: 'format-disk' })).toEqual({
        ok: false,
        error: expect.stringContaining('Unknown command format-disk; known: purge-expired-sessions'),
      });
      expect(await sendAdminCommand(socketPath, { command: 'unlock', argument: 'nobody.here' })).toEqual({
        ok: false,
        error: 'No user has the login name nobody.here',
      });
      expect(await sendAdminCommand(socketPath, { command: 'unlock', argument: loginName })).toEqual({
        ok: true,
        output: `${loginName} had no failed sign-ins to clear`,
      });
    } finally {
      await socket.close();
    }
  });

  it('tells the command line to open the database itself when no portal listens', async () => {
    const socketPath = path.join(folder, 'stale.sock');
    expect(await sendAdminCommand(socketPath, { command: 'shutdown-sessions' })).toBeNull();
    // A file left by a portal that crashed is not a portal either, and does not block the next start.
    writeFileSync(socketPath, '');
    expect(await sendAdminCommand(socketPath, { command: 'shutdown-sessions' })).toBeNull();
    const socket = await listen(socketPath);
    expect(await sendAdminCommand(socketPath, { command: 'purge-expired-sessions' })).toMatchObject({
      ok: true,
    });
    await socket.close();
  });

  it('logs which command the portal ran, never its output: a key or signing secret shown once stays out of the log', async () => {
    const socketPath = path.join(folder, 'secrets.sock');
    const logged: string[] = [];
    const socket = await startAdminSocket(
      socketPath,
      portalCommandRunner(
        { db: context.database.db, services: context.app.services },
        { info: (fields, message) => logged.push(JSON.stringify({ ...fields, message })) },
      ),
    );
    try {
      const key = await sendAdminCommand(socketPath, {
        command: 'api-key',
        argument: 'create default erp ledger:write',
      });
      const hook = await sendAdminCommand(socketPath, {
        command: 'webhook',
        argument: 'subscribe default https://erp.example/hooks dispute.created',
      });
      const shown = [key, hook].map((reply) => (reply?.ok ? reply.output : ''));
      const secrets = [/stl_[\w-]{20,}/.exec(shown[0]!)?.[0], /whsec_\S{20,}/.exec(shown[1]!)?.[0]];
      expect(secrets).toEqual([expect.any(String), expect.any(String)]);
      expect(logged).toEqual([
        JSON.stringify({ command: 'api-key', message: 'operator command ran' }),
        JSON.stringify({ command: 'webhook', message: 'operator command ran' }),
      ]);
      for (const secret of secrets) expect(logged.join('\n')).not.toContain(secret);
    } finally {
      await socket.close();
    }
  });

  it('does not use a socket path the system would cut short', () => {
    expect(adminSocketPath('/tmp/settle')).toBe('/tmp/settle/admin.sock');
    expect(adminSocketPath(`/tmp/${'x'.repeat(120)}`)).toBeNull();
  });
});
