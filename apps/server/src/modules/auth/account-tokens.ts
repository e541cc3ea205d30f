import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import * as repository from './account-tokens.repository';
import { randomToken } from './session.service';

export type AccountTokenPurpose = repository.AccountTokenPurpose;
export type AccountTokens = ReturnType<typeof createAccountTokens>;

/** The code is 256 random bits, so a plain SHA-256 is enough to keep the stored copy useless. */
export function hashAccountCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Single-use codes with an expiry for activation, password reset and sign-in recovery.
 * Issuing a new code of a purpose retires the user's earlier ones of that purpose.
 */
export function createAccountTokens(db: Db) {
  return {
    async issue(options: {
      userId: number;
      purpose: AccountTokenPurpose;
      ttlMinutes: number;
      code?: string;
      now?: Date;
    }): Promise<{ code: string; expiresAt: Date }> {
      const now = options.now ?? new Date();
      const code = options.code ?? randomToken();
      const expiresAt = new Date(now.getTime() + options.ttlMinutes * 60_000);
      await repository.retireTokens(db, options.userId, options.purpose, now);
      await repository.insertToken(db, {
        userId: options.userId,
        purpose: options.purpose,
        codeHash: hashAccountCode(code),
        expiresAt,
        createdAt: now,
      });
      return { code, expiresAt };
    },

    /** The user a live code belongs to, using it up; null for an unknown, used or expired code. */
    async consume(options: { purpose: AccountTokenPurpose; code: string; now?: Date }) {
      const used = await repository.useToken(db, {
        codeHash: hashAccountCode(options.code),
        purpose: options.purpose,
        now: options.now ?? new Date(),
      });
      return used ? { userId: used.userId } : null;
    },

    /** Retires every unused code of the user (an account withdrawn): no emailed link works any more; answers how many. */
    async retireAll(userId: number, now = new Date()): Promise<number> {
      let retired = 0;
      for (const purpose of ['activation', 'reset', 'recovery'] as const)
        retired += await repository.retireTokens(db, userId, purpose, now);
      return retired;
    },

    async lastIssuedAt(userId: number, purpose: AccountTokenPurpose): Promise<Date | null> {
      return (await repository.findLatestToken(db, userId, purpose))?.createdAt ?? null;
    },

    /** When the newest code still unused was issued: a retired or used one does not count. */
    async lastLiveIssuedAt(userId: number, purpose: AccountTokenPurpose): Promise<Date | null> {
      return (await repository.findLatestToken(db, userId, purpose, { unusedOnly: true }))?.createdAt ?? null;
    },
  };
}
