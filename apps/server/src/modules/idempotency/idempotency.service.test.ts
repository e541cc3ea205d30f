import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { buildTenant, buildUser } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { createIdempotencyService, requestHash } from './idempotency.service';

let database: DatabaseHandle;
let owner: { tenantId: number; userId: number };

beforeAll(async () => {
  database = await openTestDatabase();
  const tenant = await buildTenant(database.db);
  const user = await buildUser(database.db, tenant.id);
  owner = { tenantId: tenant.id, userId: user.id };
});
afterAll(() => database.close());

describe('idempotency keys', () => {
  it('hash the body canonically: key order does not matter, values do', () => {
    const a = requestHash({ method: 'POST', path: '/x', body: { b: 1, a: [1, { d: 2, c: 3 }] } });
    const b = requestHash({ method: 'POST', path: '/x', body: { a: [1, { c: 3, d: 2 }], b: 1 } });
    expect(a).toBe(b);
    expect(requestHash({ method: 'POST', path: '/x', body: { b: 2 } })).not.toBe(a);
    expect(requestHash({ method: 'POST', path: '/y', body: { b: 1, a: [1, { d: 2, c: 3 }] } })).not.toBe(a);
  });

  it('claim, in progress, replay, mismatch; a released key can be claimed again', async () => {
    const service = createIdempotencyService(database.db);
    const key = { ...owner, key: 'k-1' };
    const first = await service.claim(key, 'hash-a');
    expect(first.kind).toBe('claimed');
    expect(await service.claim(key, 'hash-a')).toEqual({ kind: 'in_progress' });
    expect(await service.claim(key, 'hash-b')).toEqual({ kind: 'mismatch' });
    await service.complete((first as { id: number }).id, {
      status: 200,
      body: '{"ok":1}',
      type: 'application/json',
    });
    expect(await service.claim(key, 'hash-a')).toEqual({
      kind: 'replay',
      status: 200,
      body: '{"ok":1}',
      type: 'application/json',
    });
    const other = { ...owner, key: 'k-2' };
    const claimed = await service.claim(other, 'hash-a');
    await service.release((claimed as { id: number }).id);
    expect((await service.claim(other, 'hash-a')).kind).toBe('claimed');
  });

  it('keys live 24 hours; a claim left unfinished by a dead process is free after 5 minutes', async () => {
    let now = new Date();
    const service = createIdempotencyService(database.db, { now: () => now });
    const done = { ...owner, key: 'k-ttl' };
    const first = await service.claim(done, 'hash-a');
    await service.complete((first as { id: number }).id, { status: 200, body: '1', type: 'text/plain' });
    const abandoned = { ...owner, key: 'k-abandoned' };
    await service.claim(abandoned, 'hash-a');

    now = new Date(Date.now() + 6 * 60_000);
    expect((await service.claim(done, 'hash-a')).kind).toBe('replay');
    expect((await service.claim(abandoned, 'hash-a')).kind).toBe('claimed');

    now = new Date(Date.now() + 25 * 3_600_000);
    expect((await service.claim(done, 'hash-other')).kind).toBe('claimed');
    expect(await service.purgeExpired()).toBeGreaterThanOrEqual(0);
  });
});
