import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { currencies } from '../../db/schema/tenants';
import { userCustomers } from '../../db/schema/users';

const linkedCustomerColumns = {
  id: customers.id,
  custNo: customers.custNo,
  company: customers.company,
  currencies: customers.currencies,
  defAccount: userCustomers.defAccount,
};

export type LinkedCustomerRow = {
  id: number;
  custNo: string;
  company: string;
  currencies: string[];
  defAccount: boolean;
};

/** Every customer linked to the user, in the order the provider linked them. */
export function findLinkedCustomers(db: Db, userId: number): Promise<LinkedCustomerRow[]> {
  return db
    .select(linkedCustomerColumns)
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(eq(userCustomers.userId, userId))
    .orderBy(asc(userCustomers.position), asc(customers.custNo));
}

/** The customer only when it is linked to the user: the join is the access check. */
export async function findLinkedCustomer(
  db: Db,
  userId: number,
  custNo: string,
): Promise<LinkedCustomerRow | undefined> {
  const rows = await db
    .select(linkedCustomerColumns)
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(and(eq(userCustomers.userId, userId), eq(customers.custNo, custNo)))
    .limit(1);
  return rows[0];
}

export function findCurrencySymbols(db: Db) {
  return db.select({ code: currencies.code, symbol: currencies.symbol }).from(currencies);
}

export async function findCollector(db: Db, userId: number, custNo: string) {
  const rows = await db
    .select({
      name: customers.collectorName,
      email: customers.collectorEmail,
      phone: customers.collectorPhone,
    })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(and(eq(userCustomers.userId, userId), eq(customers.custNo, custNo)))
    .limit(1);
  return rows[0];
}
