import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottles } from '../../db/schema/access';

export type ThrottleRow = typeof loginThrottles.$inferSelect;

export function findThrottles(db: Db, keys: string[]): Promise<ThrottleRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
}

/**
 * One more failure for a key, in one statement so that parallel guesses all count. A counter
 * whose last failure is older than the window starts again at 1; reaching the lock threshold
 * sets the lock.
 */
export async function addFailure(
  db: Db,
  options: { key: string; now: Date; windowStart: Date; lockAt: number; lockedUntil: Date },
): Promise<void> {
  const { key, now, windowStart, lockAt, lockedUntil } = options;
  const next = sql`case when ${loginThrottles.lastFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginThrottles.failures} + 1 end`;
  await db
    .insert(loginThrottles)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: next,
        lastFailureAt: now,
        lockedUntil: sql`case when ${next} >= ${lockAt} then ${lockedUntil.toISOString()}::timestamptz else ${loginThrottles.lockedUntil} end`,
      },
    });
}

export async function deleteThrottles(db: Db, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const deleted = await db
    .delete(loginThrottles)
    .where(inArray(loginThrottles.key, keys))
    .returning({ key: loginThrottles.key });
  return deleted.length;
}
