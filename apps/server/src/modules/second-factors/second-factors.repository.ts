import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  sessionFactorState,
  userPasskeys,
  userRecoveryCodes,
  userTotp,
} from '../../db/schema/second-factors';
import { tenants } from '../../db/schema/tenants';

export async function findTotp(db: Db, userId: number) {
  const rows = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return rows[0];
}

/** A new (unconfirmed) secret replaces an earlier unconfirmed one; a confirmed one stays. */
export async function startTotp(db: Db, row: { userId: number; tenantId: number; secretSealed: string }) {
  const rows = await db
    .insert(userTotp)
    .values(row)
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed: row.secretSealed, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Records an accepted code's step, only when it is later than the last one: two requests
 * with the same code race on this one statement, and only one of them updates the row.
 */
export async function useTotpStep(db: Db, userId: number, step: number, confirm: boolean) {
  const rows = await db
    .update(userTotp)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(userTotp.userId, userId),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
        confirm ? isNull(userTotp.confirmedAt) : sql`${userTotp.confirmedAt} is not null`,
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function deleteTotp(db: Db, userId: number) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** The user's codes are replaced by these, in one transaction. */
export async function replaceRecoveryCodes(
  db: Db,
  owner: { userId: number; tenantId: number },
  codeHashes: string[],
) {
  await db.transaction(async (tx) => {
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, owner.userId));
    if (codeHashes.length > 0) {
      await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ ...owner, codeHash })));
    }
  });
}

/** Spends a code: true for the one request that marks it used. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string) {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export function listPasskeys(db: Db, userId: number) {
  return db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(userPasskeys.id);
}

export async function findPasskeyByCredential(db: Db, userId: number, credentialId: string) {
  const rows = await db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.credentialId, credentialId)))
    .limit(1);
  return rows[0];
}

export async function insertPasskey(db: Db, row: typeof userPasskeys.$inferInsert) {
  const rows = await db.insert(userPasskeys).values(row).onConflictDoNothing().returning();
  return rows[0];
}

export async function usePasskey(db: Db, id: number, counter: number) {
  await db.update(userPasskeys).set({ counter, lastUsedAt: sql`now()` }).where(eq(userPasskeys.id, id));
}

/** Only the owner's passkey is removed: another user's id removes nothing (the caller answers 404). */
export async function deletePasskey(db: Db, userId: number, id: number) {
  const rows = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  return rows.length > 0;
}

/** The portal's name as users see it: the issuer in authenticator apps, the relying party's name. */
export async function findTenantName(db: Db, tenantId: number): Promise<string> {
  const rows = await db
    .select({ name: tenants.appHeaderName })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0]?.name || 'Settle';
}

export async function tenantRequiresSecondFactor(db: Db, tenantId: number): Promise<boolean> {
  const rows = await db
    .select({ required: tenants.requireSecondFactor })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0]?.required ?? false;
}

/** `default` names the default tenant; answers the tenant changed, if any. */
export async function setTenantRequiresSecondFactor(db: Db, guidOrDefault: string, required: boolean) {
  const rows = await db
    .update(tenants)
    .set({ requireSecondFactor: required })
    .where(guidOrDefault === 'default' ? eq(tenants.isDefault, true) : eq(tenants.guid, guidOrDefault))
    .returning({ guid: tenants.guid, name: tenants.name });
  return rows[0];
}

export async function saveChallenge(
  db: Db,
  sessionTokenHash: string,
  challenge: string,
  purpose: 'register' | 'authenticate',
) {
  const values = { challenge, challengePurpose: purpose, challengeAt: sql`now()` };
  await db
    .insert(sessionFactorState)
    .values({ sessionTokenHash, ...values })
    .onConflictDoUpdate({ target: sessionFactorState.sessionTokenHash, set: values });
}

/** The session's challenge for this purpose, taken (cleared) under a row lock: it serves once. */
export async function takeChallenge(
  db: Db,
  sessionTokenHash: string,
  purpose: 'register' | 'authenticate',
  notBefore: Date,
) {
  const row = await db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(sessionFactorState)
      .where(eq(sessionFactorState.sessionTokenHash, sessionTokenHash))
      .for('update');
    if (found[0]?.challenge) {
      await tx
        .update(sessionFactorState)
        .set({ challenge: null, challengePurpose: null, challengeAt: null })
        .where(eq(sessionFactorState.sessionTokenHash, sessionTokenHash));
    }
    return (
      found[0] && {
        challenge: found[0].challenge,
        purpose: found[0].challengePurpose,
        at: found[0].challengeAt,
      }
    );
  });
  if (!row?.challenge || row.purpose !== purpose || !row.at || new Date(row.at) < notBefore) return null;
  return row.challenge;
}

/** One more wrong code on this pending sign-in; answers the count so far. */
export async function countFailure(db: Db, sessionTokenHash: string): Promise<number> {
  const rows = await db
    .insert(sessionFactorState)
    .values({ sessionTokenHash, failures: 1 })
    .onConflictDoUpdate({
      target: sessionFactorState.sessionTokenHash,
      set: { failures: sql`${sessionFactorState.failures} + 1` },
    })
    .returning({ failures: sessionFactorState.failures });
  return rows[0]?.failures ?? 1;
}
