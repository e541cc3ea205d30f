import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { runAdminCommand } from './command-list';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  await buildTenant(context.database.db, { isDefault: true });
});
const folder = mkdtempSync(path.join(tmpdir(), 'settle-import-'));
afterAll(async () => {
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

const run = (name: string, argument?: string) =>
  runAdminCommand({ db: context.database.db, services: context.app.services }, name, argument);

describe('api-key and webhook commands', () => {
  it('creates a key shown once, lists it without the secret, and revokes it', async () => {
    const output = await run('api-key', 'create default erp ledger:write,events:read');
    const key = /(stl_\S+)/.exec(output)?.[1];
    expect(key).toBeDefined();
    const events = () =>
      context.app.inject({
        url: `${context.api}/integration/v1/events`,
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await events()).statusCode).toBe(200);
    const list = await run('api-key', 'list default');
    expect(list).toContain('erp');
    expect(list).toContain('ledger:write,events:read');
    expect(list).not.toContain(key!);
    const id = /API key (\d+)/.exec(output)![1];
    expect(await run('api-key', `revoke default ${id}`)).toBe(`API key ${id} revoked`);
    expect((await events()).statusCode).toBe(401);
  });

  it('refuses unknown scopes and event types with the list of known ones, creating nothing', async () => {
    await expect(run('api-key', 'create default erp ledger:read')).rejects.toThrow(
      'Unknown scope(s): ledger:read',
    );
    await expect(run('webhook', 'subscribe default http://127.0.0.1:9/x promise.kept')).rejects.toThrow(
      'Unknown event type(s): promise.kept',
    );
    expect(await run('webhook', 'list default')).toBe('No subscriptions');
  });

  it('subscribes, lists and unsubscribes an address', async () => {
    const output = await run('webhook', 'subscribe default http://127.0.0.1:9/x promise.set,dispute.created');
    expect(output).toMatch(/signing secret \(shown once\): whsec_/);
    expect(await run('webhook', 'list default')).toContain('promise.set,dispute.created');
    const id = /Subscription (\d+)/.exec(output)![1];
    await run('webhook', `unsubscribe default ${id}`);
    expect(await run('webhook', 'list default')).toBe('No subscriptions');
  });
});

describe('import', () => {
  it('loads a CSV file as the API does: refused rows by line, the rest loaded; again, unchanged', async () => {
    const file = path.join(folder, 'customers.csv');
    writeFileSync(file, 'custNo,company,currencies\nF-1,One,USD\nF-2,,USD\nF-3,Three,USD;EUR\n');
    const output = await run('import', `customers --file ${file}`);
    expect(output).toBe(
      'customers: 3 row(s) read; 2 inserted, 0 updated, 0 unchanged, 1 refused\n  line 3 (F-2): company: required',
    );
    expect(await run('import', `customers --file ${file}`)).toContain(
      '0 inserted, 0 updated, 2 unchanged, 1 refused',
    );
    await expect(run('import', 'customers --file /nowhere.csv')).rejects.toThrow('Cannot read /nowhere.csv');
    await expect(run('import', 'payments --file x.csv')).rejects.toThrow('Usage: npm run import');
  });
});
