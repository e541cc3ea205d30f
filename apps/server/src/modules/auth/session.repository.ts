import { type AnyColumn, and, eq, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { userRoles, users } from '../../db/schema/users';
import { createCoalescedReader } from '../../lib/coalesced-reads';
import { createWriteGenerationMemo } from '../../lib/write-generation-memo';

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

const ROLES = sql<
  string[]
>`array(select r.role from ${userRoles} r where r.user_id = ${users.id} order by r.role collate "C")`;

/**
 * More a call needs read in the session's statement, as a scalar subquery of the user's id and a
 * key the call names (a grid's customer number): one round trip instead of two.
 */
export type SessionProbe = (userId: AnyColumn, key: SQL) => SQL<unknown>;

/**
 * The sessions asked in one turn, with their users, roles and (when asked) probes: one statement.
 * One token, the usual turn, has a statement of its own: PostgreSQL keeps one plan for it, where
 * a list of tokens of unknown length is planned again at every call (its generic plan assumes ten
 * tokens and costs more than the plans made for the values), which took longer than running it.
 */
function sessionsQuery(db: Db, probe: SessionProbe | undefined, many: boolean) {
  const hashes = many ? sql`${sql.placeholder('hashes')}::text[]` : undefined;
  // Each token's own probe key, found by its place in the list of tokens.
  const key = hashes
    ? sql`(${sql.placeholder('keys')}::text[])[array_position(${hashes}, ${sessions.tokenHash})]`
    : sql`${sql.placeholder('key')}::text`;
  const name = `read_${many ? 'sessions' : 'session'}${probe ? '_with_probe' : ''}`;
  return db
    .select({
      tokenHash: sessions.tokenHash,
      session: SESSION_COLUMNS,
      user: SESSION_USER_COLUMNS,
      roles: ROLES,
      probe: probe ? probe(users.id, key) : sql<unknown>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      hashes
        ? sql`${sessions.tokenHash} = any(${hashes})`
        : sql`${sessions.tokenHash} = ${sql.placeholder('hash')}::text`,
    )
    .prepare(name);
}

type SessionRead = Awaited<ReturnType<ReturnType<typeof sessionsQuery>['execute']>>[number];

/**
 * The session behind a token, its user, the user's privilege strings (sorted) and the probe's
 * answer for a key: the statement every API call runs first, prepared once (no query building per
 * call, no parse and plan in PostgreSQL), and shared by the calls that arrive in the same turn
 * (lib/coalesced-reads.ts). Each caller gets session and user rows of its own to change; the
 * probe's answer is shared by every call it answers, to be read and never changed. On the embedded
 * database, whose only writer is this process, a row read stays known until the next write
 * (lib/write-generation-memo.ts): a call then runs no statement at all.
 */
export function createSessionReader(
  db: Db,
  probe?: SessionProbe,
  options: { writeGeneration?: () => number } = {},
) {
  const one = sessionsQuery(db, probe, false);
  const many = sessionsQuery(db, probe, true);
  const known = createWriteGenerationMemo<SessionRead>(options.writeGeneration);
  const read = createCoalescedReader<{ tokenHash: string; probeKey: string | null }, SessionRead>({
    identityOf: (ask) => `${ask.tokenHash} ${ask.probeKey ?? ''}`,
    conflictOf: (ask) => ask.tokenHash,
    async readMany(asks) {
      const [first] = asks;
      const rows =
        asks.length === 1 && first
          ? await one.execute({ hash: first.tokenHash, key: first.probeKey })
          : await many.execute({
              hashes: asks.map((ask) => ask.tokenHash),
              keys: asks.map((ask) => ask.probeKey),
            });
      const keyOf = new Map(asks.map((ask) => [ask.tokenHash, ask.probeKey ?? '']));
      return new Map(rows.map((row) => [`${row.tokenHash} ${keyOf.get(row.tokenHash) ?? ''}`, row]));
    },
  });
  return async (tokenHash: string, probeKey?: string) => {
    const ask = { tokenHash, probeKey: probeKey ?? null };
    const row = await known.read(`${tokenHash} ${probeKey ?? ''}`, () => read(ask));
    if (!row) return undefined;
    return { session: { ...row.session }, user: { ...row.user }, roles: [...row.roles], probe: row.probe };
  };
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
