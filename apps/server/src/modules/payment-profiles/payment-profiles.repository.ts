import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentProfiles } from '../../db/schema/payment-profiles';

export type ProfileRow = typeof paymentProfiles.$inferSelect;
export type NewProfile = typeof paymentProfiles.$inferInsert;

type Owner = { tenantId: number; userId: number };

const owned = (owner: Owner) =>
  and(
    eq(paymentProfiles.tenantId, owner.tenantId),
    eq(paymentProfiles.userId, owner.userId),
    isNull(paymentProfiles.deletedAt),
  );

export async function insertProfile(db: Db, row: NewProfile): Promise<ProfileRow> {
  const [inserted] = await db.insert(paymentProfiles).values(row).returning();
  return inserted!;
}

/** A user's saved (ACTIVE) profiles; with byExpiry the soonest expiry first, bank accounts last. */
export function findProfiles(
  db: Db,
  owner: Owner,
  filter: { profileType?: ProfileRow['profileType']; customerId?: number; byExpiry: boolean },
): Promise<ProfileRow[]> {
  return db
    .select()
    .from(paymentProfiles)
    .where(
      and(
        owned(owner),
        eq(paymentProfiles.status, 'ACTIVE'),
        filter.profileType ? eq(paymentProfiles.profileType, filter.profileType) : undefined,
        filter.customerId ? eq(paymentProfiles.customerId, filter.customerId) : undefined,
      ),
    )
    .orderBy(
      ...(filter.byExpiry
        ? [
            sql`${paymentProfiles.expiryYear} asc nulls last`,
            sql`${paymentProfiles.expiryMonth} asc nulls last`,
          ]
        : []),
      asc(paymentProfiles.id),
    );
}

export async function findOwnedProfile(db: Db, owner: Owner, id: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentProfiles)
    .where(and(owned(owner), eq(paymentProfiles.id, id)));
  return row;
}

export async function findOwnedByReference(
  db: Db,
  owner: Owner,
  reference: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentProfiles)
    .where(and(owned(owner), eq(paymentProfiles.reference, reference)));
  return row;
}

export async function updateProfile(db: Db, id: number, values: Partial<NewProfile>): Promise<void> {
  await db.update(paymentProfiles).set(values).where(eq(paymentProfiles.id, id));
}

/** Activates a PENDING card once; a second caller (two polls at once) changes nothing. */
export async function activateCard(db: Db, id: number, values: Partial<NewProfile>): Promise<boolean> {
  const rows = await db
    .update(paymentProfiles)
    .set({ ...values, status: 'ACTIVE' })
    .where(and(eq(paymentProfiles.id, id), eq(paymentProfiles.status, 'PENDING')))
    .returning({ id: paymentProfiles.id });
  return rows.length > 0;
}
