import type { Db } from '../../db/client';
import * as repository from './login-throttle.repository';

/** Failures before each attempt is slowed down, and before the key is locked. */
export const SLOW_DOWN_AFTER = 5;
export const LOCK_AFTER = 10;
const MAX_DELAY_SECONDS = 8;

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 1 s after the 5th failure, doubling up to 8 s. */
export function slowDownMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER) return 0;
  return Math.min(2 ** (failures - SLOW_DOWN_AFTER), MAX_DELAY_SECONDS) * 1000;
}

export function accountKey(userId: number): string {
  return `user:${userId}`;
}

export function addressKey(ipAddress: string): string {
  return `ip:${ipAddress}`;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Brute-force brakes for passwords and PINs, counted per account and per address: slower
 * answers after 5 failures, then a lock for LOCKOUT_MINUTES after 10. Counters forget after
 * the same quiet period, which is also when a lock ends.
 */
export function createLoginThrottle(db: Db, options: { lockoutMinutes: number; sleep?: Sleep }) {
  const windowMs = options.lockoutMinutes * 60_000;
  const sleep = options.sleep ?? realSleep;

  return {
    /**
     * Before a guess is checked: 'locked' when any key is locked; otherwise waits the
     * slow-down of the most-failed key and answers 'open'.
     */
    async gate(keys: string[], now = new Date()): Promise<'open' | 'locked'> {
      const rows = await repository.findThrottles(db, keys);
      if (rows.some((row) => row.lockedUntil && row.lockedUntil.getTime() > now.getTime())) return 'locked';
      const recent = rows.filter((row) => now.getTime() - row.lastFailureAt.getTime() <= windowMs);
      const failures = Math.max(0, ...recent.map((row) => row.failures));
      const delay = slowDownMs(failures);
      if (delay > 0) await sleep(delay);
      return 'open';
    },

    async recordFailure(keys: string[], now = new Date()): Promise<void> {
      for (const key of keys) {
        await repository.addFailure(db, {
          key,
          now,
          windowStart: new Date(now.getTime() - windowMs),
          lockAt: LOCK_AFTER,
          lockedUntil: new Date(now.getTime() + windowMs),
        });
      }
    },

    /** Forgets the counters (and locks) of these keys; answers how many existed. */
    clear(keys: string[]): Promise<number> {
      return repository.deleteThrottles(db, keys);
    },
  };
}
