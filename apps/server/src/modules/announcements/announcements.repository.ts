import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements } from '../../db/schema/announcements';
import { tenants } from '../../db/schema/tenants';

export async function findAnnouncement(db: Db, tenantId: number) {
  const rows = await db
    .select({ message: announcements.message, updatedAt: announcements.updatedAt })
    .from(announcements)
    .where(eq(announcements.tenantId, tenantId))
    .limit(1);
  return rows[0];
}

/** The tenant by guid, or the default tenant for the word `default`. */
export async function findTenantForCommand(db: Db, guidOrDefault: string) {
  const rows = await db
    .select({ id: tenants.id, guid: tenants.guid, name: tenants.name })
    .from(tenants)
    .where(guidOrDefault === 'default' ? eq(tenants.isDefault, true) : eq(tenants.guid, guidOrDefault))
    .limit(1);
  return rows[0];
}

export async function upsertAnnouncement(db: Db, tenantId: number, message: string): Promise<void> {
  await db
    .insert(announcements)
    .values({ tenantId, message, updatedAt: new Date() })
    .onConflictDoUpdate({ target: announcements.tenantId, set: { message, updatedAt: new Date() } });
}

export async function deleteAnnouncement(db: Db, tenantId: number): Promise<void> {
  await db.delete(announcements).where(eq(announcements.tenantId, tenantId));
}
