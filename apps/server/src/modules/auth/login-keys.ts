import { loginKeyOf } from '@settle/shared/rules/login-name';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

/**
 * Login keys were once the plain upper case of the name (ß → SS, ſ → S, ı → I). At start, the
 * keys of names outside ASCII (the only ones whose key changed) are made again with
 * loginKeyOf, so their users still sign in and a look-alike no longer names another account.
 * A key that would collide with another user's is left as it was, and told.
 */
export async function rekeyLoginNames(db: Db, log: { warn(message: string): void }): Promise<number> {
  const candidates = await db
    .select({ id: users.id, tenantId: users.tenantId, loginName: users.loginName, loginKey: users.loginKey })
    .from(users)
    .where(sql`octet_length(${users.loginName}) <> char_length(${users.loginName})`);
  let changed = 0;
  for (const user of candidates) {
    const key = loginKeyOf(user.loginName);
    if (key === user.loginKey) continue;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, user.tenantId), eq(users.loginKey, key)))
      .limit(1);
    if (taken) {
      log.warn(`login key of user ${user.id} kept: its new key is another user's`);
      continue;
    }
    await db.update(users).set({ loginKey: key }).where(eq(users.id, user.id));
    changed += 1;
  }
  return changed;
}
