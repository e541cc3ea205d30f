import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dashboards } from '../../db/schema/dashboards';

/** The user's own dashboard: the user id is the key, so no other user's row can be read. */
export async function findDashboard(db: Db, userId: number) {
  const rows = await db
    .select({ title: dashboards.title, structure: dashboards.structure, rows: dashboards.rows })
    .from(dashboards)
    .where(eq(dashboards.userId, userId))
    .limit(1);
  return rows[0];
}

export async function saveDashboard(
  db: Db,
  row: { userId: number; tenantId: number; title: string; structure: string; rows: unknown },
): Promise<void> {
  const values = { ...row, updatedAt: new Date() };
  await db
    .insert(dashboards)
    .values(values)
    .onConflictDoUpdate({
      target: dashboards.userId,
      set: { title: row.title, structure: row.structure, rows: row.rows, updatedAt: values.updatedAt },
    });
}
