import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalTemplates, tenants } from '../../db/schema/tenants';
import { userRoles, users } from '../../db/schema/users';

export async function findTenant(db: Db, guid: string | undefined) {
  const rows = await db
    .select()
    .from(tenants)
    .where(guid ? eq(tenants.guid, guid) : eq(tenants.isDefault, true))
    .limit(1);
  return rows[0];
}

export async function findTenantById(db: Db, tenantId: number) {
  const rows = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return rows[0];
}

export async function findUserByLoginKey(db: Db, tenantId: number, loginKey: string) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.loginKey, loginKey)))
    .limit(1);
  return rows[0];
}

export async function findRoles(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role).sort();
}

export async function findLegalTemplate(db: Db, tenantId: number, type: number, language: string) {
  const rows = await db
    .select({ value: legalTemplates.value })
    .from(legalTemplates)
    .where(
      and(
        eq(legalTemplates.tenantId, tenantId),
        eq(legalTemplates.type, type),
        eq(legalTemplates.language, language),
      ),
    )
    .limit(1);
  return rows[0]?.value;
}
