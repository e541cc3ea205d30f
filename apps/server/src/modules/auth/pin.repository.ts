import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pinChallenges } from '../../db/schema/access';

export type PinChallengeRow = typeof pinChallenges.$inferSelect;

export async function insertChallenge(db: Db, row: typeof pinChallenges.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(pinChallenges).values(row).returning({ id: pinChallenges.id });
  return inserted!.id;
}

/** The newest challenge of a sign-in attempt, live or not: its state says why a code fails. */
export async function findLatestChallenge(db: Db, sessionTokenHash: string) {
  const rows = await db
    .select()
    .from(pinChallenges)
    .where(eq(pinChallenges.sessionTokenHash, sessionTokenHash))
    .orderBy(desc(pinChallenges.id))
    .limit(1);
  return rows[0];
}

export async function countChallenges(db: Db, sessionTokenHash: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pinChallenges)
    .where(eq(pinChallenges.sessionTokenHash, sessionTokenHash));
  return row?.value ?? 0;
}

/** Codes sent to a user since a moment, over all their sign-in attempts. */
export async function countChallengesOfUserSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pinChallenges)
    .where(and(eq(pinChallenges.userId, userId), gt(pinChallenges.sentAt, since)));
  return row?.value ?? 0;
}

/** One more wrong try, counted atomically; undefined when the challenge is already dead. */
export async function addAttempt(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .update(pinChallenges)
    .set({ attempts: sql`${pinChallenges.attempts} + 1` })
    .where(and(eq(pinChallenges.id, id), isNull(pinChallenges.consumedAt)))
    .returning({ attempts: pinChallenges.attempts });
  return row?.attempts;
}

/** Ends a challenge (used, expired or worn out); false when it had already ended. */
export async function consumeChallenge(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(pinChallenges)
    .set({ consumedAt: now })
    .where(and(eq(pinChallenges.id, id), isNull(pinChallenges.consumedAt)))
    .returning({ id: pinChallenges.id });
  return rows.length > 0;
}

/** A new code replaces the previous ones of the same attempt. */
export async function retireChallenges(db: Db, sessionTokenHash: string, now: Date): Promise<void> {
  await db
    .update(pinChallenges)
    .set({ consumedAt: now })
    .where(and(eq(pinChallenges.sessionTokenHash, sessionTokenHash), isNull(pinChallenges.consumedAt)));
}

export async function deleteChallengesOfSession(db: Db, sessionTokenHash: string): Promise<void> {
  await db.delete(pinChallenges).where(eq(pinChallenges.sessionTokenHash, sessionTokenHash));
}

export async function deleteChallengesExpiredBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(pinChallenges)
    .where(lt(pinChallenges.expiresAt, before))
    .returning({ id: pinChallenges.id });
  return deleted.length;
}
