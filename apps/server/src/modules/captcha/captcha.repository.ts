import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchaChallenges } from '../../db/schema/access';

export async function insertChallenge(db: Db, row: typeof captchaChallenges.$inferInsert): Promise<void> {
  await db.insert(captchaChallenges).values(row);
}

/** Deletes the challenge and answers what it held: a challenge is checked at most once. */
export async function takeChallenge(db: Db, id: string) {
  const rows = await db.delete(captchaChallenges).where(eq(captchaChallenges.id, id)).returning();
  return rows[0];
}

/** Pictures nobody answered would otherwise stay forever. */
export async function deleteExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, now));
}
