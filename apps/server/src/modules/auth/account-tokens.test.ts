import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { accountTokens } from '../../db/schema/access';
import { buildTenant, buildUser } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { type AccountTokens, createAccountTokens, hashAccountCode } from './account-tokens';

let database: DatabaseHandle;
let tokens: AccountTokens;
let userId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  tokens = createAccountTokens(database.db);
  const tenant = await buildTenant(database.db);
  userId = (await buildUser(database.db, tenant.id)).id;
});
afterAll(() => database.close());

describe('account tokens', () => {
  it('stores only a hash, and a code works once', async () => {
    const { code } = await tokens.issue({ userId, purpose: 'reset', ttlMinutes: 60 });
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(rows.map((row) => row.codeHash)).toContain(hashAccountCode(code));
    expect(rows.some((row) => row.codeHash === code)).toBe(false);
    expect(await tokens.consume({ purpose: 'reset', code })).toEqual({ userId });
    expect(await tokens.consume({ purpose: 'reset', code })).toBeNull();
  });

  it('refuses an expired code, a code of another purpose and an unknown code', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const { code } = await tokens.issue({ userId, purpose: 'activation', ttlMinutes: 30, now });
    expect(await tokens.consume({ purpose: 'reset', code, now })).toBeNull();
    expect(await tokens.consume({ purpose: 'activation', code: 'made-up', now })).toBeNull();
    const late = new Date(now.getTime() + 30 * 60_000);
    expect(await tokens.consume({ purpose: 'activation', code, now: late })).toBeNull();
    const inTime = new Date(now.getTime() + 29 * 60_000);
    expect(await tokens.consume({ purpose: 'activation', code, now: inTime })).toEqual({ userId });
  });

  it('retires earlier codes of the same purpose when a new one is issued', async () => {
    const older = await tokens.issue({ userId, purpose: 'recovery', ttlMinutes: 60 });
    const newer = await tokens.issue({ userId, purpose: 'recovery', ttlMinutes: 60 });
    expect(await tokens.consume({ purpose: 'recovery', code: older.code })).toBeNull();
    expect(await tokens.consume({ purpose: 'recovery', code: newer.code })).toEqual({ userId });
    expect((await tokens.lastIssuedAt(userId, 'recovery'))?.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
