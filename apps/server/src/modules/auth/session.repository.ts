import { type AnyColumn, and, eq, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { userRoles, users } from '../../db/schema/users';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The user as a session carries it. */
const SESSION_USER_COLUMNS = {
  id: users.id,
  tenantId: users.tenantId,
  loginName: users.loginName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  locale: users.locale,
  localeForFormatting: users.localeForFormatting,
  language: users.language,
  timezone: users.timezone,
  active: users.active,
};

/** What a call needs of its session row: every call reads it, so nothing more (ip, agent). */
const SESSION_COLUMNS = {
  publicId: sessions.publicId,
  tenantId: sessions.tenantId,
  userId: sessions.userId,
  csrfToken: sessions.csrfToken,
  state: sessions.state,
  currentCustNo: sessions.currentCustNo,
  currentCurrencyCode: sessions.currentCurrencyCode,
  lastSeenAt: sessions.lastSeenAt,
  absoluteExpiresAt: sessions.absoluteExpiresAt,
  revokedReason: sessions.revokedReason,
};

function sessionWithUserQuery(db: Db) {
  return db
    .select({
      session: SESSION_COLUMNS,
      user: SESSION_USER_COLUMNS,
      roles: sql<
        string[]
      >`array(select r.role from ${userRoles} r where r.user_id = ${users.id} order by r.role collate "C")`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_with_user');
}

/**
 * More a call needs read in the session's statement, as a scalar subquery of the user's id and a
 * key the call names (a grid's customer number): one round trip instead of two.
 */
export type SessionProbe = (userId: AnyColumn, key: SQL) => SQL<unknown>;

/** The session statement with a probe: prepared once per service, like the plain one. */
export function prepareSessionWithProbe(db: Db, probe: SessionProbe) {
  const prepared = db
    .select({
      session: SESSION_COLUMNS,
      user: SESSION_USER_COLUMNS,
      roles: sql<
        string[]
      >`array(select r.role from ${userRoles} r where r.user_id = ${users.id} order by r.role collate "C")`,
      probe: probe(users.id, sql`${sql.placeholder('probeKey')}`),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_with_probe');
  return async (tokenHash: string, probeKey: string) => (await prepared.execute({ tokenHash, probeKey }))[0];
}

/** Built once per database handle: every API call runs it, so neither side parses it again. */
const preparedSessionQueries = new WeakMap<Db, ReturnType<typeof sessionWithUserQuery>>();

/** The session, its user and the user's privilege strings (sorted): one round trip per API call. */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  let prepared = preparedSessionQueries.get(db);
  if (!prepared) {
    prepared = sessionWithUserQuery(db);
    preparedSessionQueries.set(db, prepared);
  }
  const rows = await prepared.execute({ tokenHash });
  return rows[0];
}

/** A user's privilege strings, sorted as the session query sorts them. */
export async function findRolesOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role).sort();
}

/** A user as a session carries it, for work done on the user's behalf without a session. */
export async function findActiveUser(db: Db, tenantId: number, userId: number) {
  const rows = await db
    .select(SESSION_USER_COLUMNS)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), eq(users.active, true)))
    .limit(1);
  return rows[0];
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function updateSessionCurrent(
  db: Db,
  tokenHash: string,
  current: { custNo: string; currencyCode: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ currentCustNo: current.custNo, currentCurrencyCode: current.currencyCode })
    .where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db, idleCutoff: Date, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(sql`${lt(sessions.lastSeenAt, idleCutoff)} or ${lt(sessions.absoluteExpiresAt, now)}`)
    .returning({ tokenHash: sessions.tokenHash });
  return deleted.length;
}

export async function revokeSession(db: Db, tokenHash: string, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedReason: reason }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAllSessions(db: Db, reason: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedReason: reason })
    .where(isNull(sessions.revokedReason))
    .returning({ tokenHash: sessions.tokenHash });
  return revoked.length;
}

export async function deleteSessionsOfUser(db: Db, tenantId: number, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)));
}

/** Deletes the user's sessions but one (a password changed in the profile keeps its own browser signed in). */
export async function deleteOtherSessionsOfUser(
  db: Db,
  options: { tenantId: number; userId: number; keepTokenHash: string },
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, options.tenantId),
        eq(sessions.userId, options.userId),
        ne(sessions.tokenHash, options.keepTokenHash),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return deleted.length;
}

/** Signed-in sessions still alive (metrics): fully signed in, not revoked, within both time-outs. */
export async function countLiveSessions(db: Db, idleCutoff: Date, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sessions)
    .where(
      sql`${eq(sessions.state, 'active')} and ${isNull(sessions.revokedReason)} and ${sessions.lastSeenAt} >= ${idleCutoff} and ${sessions.absoluteExpiresAt} > ${now}`,
    );
  return row?.count ?? 0;
}
