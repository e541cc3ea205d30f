import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

/** The tenant's user whose upper-cased login name the provider's claim names. */
export async function findUserByLoginKey(db: Db, tenantId: number, loginKey: string) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.loginKey, loginKey)))
    .limit(1);
  return rows[0];
}
