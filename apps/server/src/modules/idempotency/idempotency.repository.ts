import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/payments';

export type KeyOwner = { tenantId: number; userId: number; key: string };

/** The claim: a row only the first request with this key inserts (the unique constraint decides). */
export async function insertClaim(db: Db, owner: KeyOwner, requestHash: string): Promise<number | undefined> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ ...owner, requestHash })
    .onConflictDoNothing({ target: [idempotencyKeys.tenantId, idempotencyKeys.userId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return row?.id;
}

export async function findClaim(db: Db, owner: KeyOwner) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenantId, owner.tenantId),
        eq(idempotencyKeys.userId, owner.userId),
        eq(idempotencyKeys.key, owner.key),
      ),
    )
    .limit(1);
  return row;
}

export async function completeClaim(
  db: Db,
  id: number,
  response: { status: number; body: string; type: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: response.status,
      responseBody: response.body,
      responseType: response.type,
      completedAt: sql`now()`,
    })
    .where(eq(idempotencyKeys.id, id));
}

export async function deleteClaim(db: Db, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

/** Deletes one expired claim (older than the cutoff); answers whether it did. */
export async function deleteExpiredClaim(db: Db, id: number, cutoff: Date): Promise<boolean> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.id, id), lt(idempotencyKeys.createdAt, cutoff)))
    .returning({ id: idempotencyKeys.id });
  return deleted.length > 0;
}

export async function deleteExpired(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}
