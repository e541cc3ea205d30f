import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';

export async function findProfileRow(db: Db, userId: number) {
  const rows = await db
    .select({
      loginName: users.loginName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      locale: users.locale,
      localeForFormatting: users.localeForFormatting,
      language: users.language,
      timezone: users.timezone,
      smsAreaCode: users.smsAreaCode,
      smsPhone: users.smsPhone,
      passwordHash: users.passwordHash,
      tenantMask: tenants.phoneMask,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function findCustomerMask(db: Db, customerId: number): Promise<string | null> {
  const rows = await db
    .select({ phoneMask: customers.phoneMask })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return rows[0]?.phoneMask ?? null;
}

export async function findCustomerAddress(db: Db, customerId: number) {
  const rows = await db
    .select({
      addressLine1: customers.addressLine1,
      city: customers.city,
      postalCode: customers.postalCode,
      country: customers.country,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return rows[0];
}

export async function updateProfileRow(
  db: Db,
  userId: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}
