import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export function insertUploads(db: Db, rows: NewUpload[]): Promise<UploadRow[]> {
  return db.insert(uploads).values(rows).returning();
}

/** Uploads of one customer by uuid: another customer's uuid simply is not found. */
export function findCustomerUploads(db: Db, customerId: number, uuids: string[]): Promise<UploadRow[]> {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.customerId, customerId), inArray(uploads.uuid, uuids)));
}

export async function findUploadById(db: Db, id: number): Promise<UploadRow | undefined> {
  const rows = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return rows[0];
}
