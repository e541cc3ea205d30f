import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTokens } from '../../db/schema/access';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

export async function insertToken(db: Db, row: typeof accountTokens.$inferInsert): Promise<void> {
  await db.insert(accountTokens).values(row);
}

/** Marks the user's unused tokens of a purpose as used: only the newest link works. */
export async function retireTokens(
  db: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<number> {
  const retired = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    )
    .returning({ id: accountTokens.id });
  return retired.length;
}

/** Uses a live token in one statement, so a code works exactly once even under parallel calls. */
export async function useToken(
  db: Db,
  options: { codeHash: string; purpose: AccountTokenPurpose; now: Date },
) {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(accountTokens.codeHash, options.codeHash),
        eq(accountTokens.purpose, options.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, options.now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return rows[0];
}

export async function findLatestToken(
  db: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  options: { unusedOnly?: boolean } = {},
) {
  const rows = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        options.unusedOnly ? isNull(accountTokens.usedAt) : undefined,
      ),
    )
    .orderBy(desc(accountTokens.createdAt), desc(accountTokens.id))
    .limit(1);
  return rows[0];
}
