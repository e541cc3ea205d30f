import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalTemplates, tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';

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

export async function findUserById(db: Db, userId: number) {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** Every tenant's user with this login key (operator commands name a login, not a tenant). */
export function findUsersByLoginKeyInAnyTenant(db: Db, loginKey: string) {
  return db
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(eq(users.loginKey, loginKey));
}

export async function updateUserMobile(
  db: Db,
  userId: number,
  phone: { smsAreaCode: string; smsPhone: string },
): Promise<void> {
  await db.update(users).set(phone).where(eq(users.id, userId));
}

/** Share of a tenant's users whose sign-in needs an SMS code (0 to 1). */
export async function smsPolicyShare(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ total: count(), sms: count(sql`case when ${users.pinPolicy} = 'SMS' then 1 end`) })
    .from(users)
    .where(eq(users.tenantId, tenantId));
  return row && row.total > 0 ? row.sms / row.total : 0;
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
