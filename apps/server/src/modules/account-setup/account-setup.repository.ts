import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerContacts } from '../../db/schema/contacts';
import { customers } from '../../db/schema/customers';
import { tenants } from '../../db/schema/tenants';
import { userCustomers, userRoles, users } from '../../db/schema/users';

export type NewUser = typeof users.$inferInsert;

/** A customer with its tenant: a registration link's company names both. */
export async function findCustomerWithTenant(db: Db, customerId: number) {
  const rows = await db
    .select({
      customer: {
        id: customers.id,
        custNo: customers.custNo,
        company: customers.company,
        phoneMask: customers.phoneMask,
      },
      tenant: {
        id: tenants.id,
        guid: tenants.guid,
        appHeaderName: tenants.appHeaderName,
        phoneMask: tenants.phoneMask,
      },
    })
    .from(customers)
    .innerJoin(tenants, eq(tenants.id, customers.tenantId))
    .where(eq(customers.id, customerId))
    .limit(1);
  return rows[0];
}

/** The contact with the activation state of the user it registered as, if any. */
export async function findContact(db: Db, contactId: number) {
  const rows = await db
    .select({
      contact: customerContacts,
      user: {
        id: users.id,
        loginKey: users.loginKey,
        activatedAt: users.activatedAt,
        deactivatedAt: users.deactivatedAt,
      },
    })
    .from(customerContacts)
    .leftJoin(users, eq(users.id, customerContacts.userId))
    .where(eq(customerContacts.id, contactId))
    .limit(1);
  return rows[0];
}

export async function isUserLinkedTo(db: Db, userId: number, customerId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: userCustomers.userId })
    .from(userCustomers)
    .where(and(eq(userCustomers.userId, userId), eq(userCustomers.customerId, customerId)))
    .limit(1);
  return rows.length > 0;
}

/** The user's default customer: the one flagged, else the first linked. */
export async function findDefaultCustomerId(db: Db, userId: number): Promise<number | undefined> {
  const rows = await db
    .select({ customerId: userCustomers.customerId })
    .from(userCustomers)
    .where(eq(userCustomers.userId, userId))
    .orderBy(desc(userCustomers.defAccount), asc(userCustomers.position), asc(userCustomers.customerId))
    .limit(1);
  return rows[0]?.customerId;
}

/**
 * The phone mask of a login's default customer (null when it has none, or the login is
 * unknown): one query either way, so that the work does not tell the two apart.
 */
export async function findCustomerMaskOfLogin(db: Db, tenantId: number, loginKey: string) {
  const rows = await db
    .select({ phoneMask: customers.phoneMask })
    .from(users)
    .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(and(eq(users.tenantId, tenantId), eq(users.loginKey, loginKey)))
    .orderBy(desc(userCustomers.defAccount), asc(userCustomers.position), asc(userCustomers.customerId))
    .limit(1);
  return rows[0]?.phoneMask ?? null;
}

/** Inserts the user unless the login name is taken in its tenant (then answers undefined). */
export async function insertUser(db: Db, values: NewUser) {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: [users.tenantId, users.loginKey] })
    .returning();
  return rows[0];
}

export async function linkUserToCustomer(
  db: Db,
  link: { userId: number; customerId: number; roles: readonly string[] },
): Promise<void> {
  await db
    .insert(userCustomers)
    .values({ userId: link.userId, customerId: link.customerId, defAccount: true, position: 0 });
  if (link.roles.length > 0) {
    await db.insert(userRoles).values(link.roles.map((role) => ({ userId: link.userId, role })));
  }
}

/** Binds the contact to its new user, unless another registration got there first (false). */
export async function claimContact(db: Db, contactId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(customerContacts)
    .set({ userId })
    .where(and(eq(customerContacts.id, contactId), isNull(customerContacts.userId)))
    .returning({ id: customerContacts.id });
  return rows.length > 0;
}

/**
 * Sets the first password of a user waiting for activation. Never of a user the provider
 * deactivated (a link issued before, or in a race with, the deactivation): 'deactivated';
 * 'active' when it was activated meanwhile.
 */
export async function activateUser(
  db: Db,
  options: { userId: number; passwordHash: string; now: Date },
): Promise<'activated' | 'active' | 'deactivated'> {
  const rows = await db
    .update(users)
    .set({ passwordHash: options.passwordHash, active: true, activatedAt: options.now })
    .where(and(eq(users.id, options.userId), isNull(users.activatedAt), isNull(users.deactivatedAt)))
    .returning({ id: users.id });
  if (rows.length > 0) return 'activated';
  const [user] = await db
    .select({ deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, options.userId));
  return user?.deactivatedAt ? 'deactivated' : 'active';
}

export async function updatePassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The contacts of every customer with this number (operators name a number, not a tenant). */
export function findContactsByCustNo(db: Db, custNo: string) {
  return db
    .select({
      contactId: customerContacts.id,
      customerId: customers.id,
      custNo: customers.custNo,
      company: customers.company,
      firstName: customerContacts.firstName,
      lastName: customerContacts.lastName,
      email: customerContacts.email,
      registeredAs: users.loginName,
    })
    .from(customerContacts)
    .innerJoin(customers, eq(customers.id, customerContacts.customerId))
    .leftJoin(users, eq(users.id, customerContacts.userId))
    .where(sql`upper(${customers.custNo}) = upper(${custNo})`)
    .orderBy(asc(customers.tenantId), asc(customerContacts.id));
}

/** A contact of the default tenant that has not registered yet (the demo's start-up hint). */
export async function findFirstOpenContact(db: Db) {
  const rows = await db
    .select({
      contactId: customerContacts.id,
      customerId: customers.id,
      custNo: customers.custNo,
      firstName: customerContacts.firstName,
      lastName: customerContacts.lastName,
    })
    .from(customerContacts)
    .innerJoin(customers, eq(customers.id, customerContacts.customerId))
    .innerJoin(tenants, eq(tenants.id, customers.tenantId))
    .where(and(eq(tenants.isDefault, true), isNull(customerContacts.userId)))
    .orderBy(asc(customerContacts.id))
    .limit(1);
  return rows[0];
}
