import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { currencies } from '../../db/schema/tenants';
import { userCustomers } from '../../db/schema/users';
import { escapeLike } from '../search/filter-sql';

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

/**
 * The user's linked customers whose number or company starts with the prefix, case-insensitively,
 * a page at a time with the count of all matches. The join on user_customers is the access check;
 * lower(...) like 'prefix%' matches the customers_*_prefix indexes (migration 0007).
 */
export async function searchLinkedCustomers(
  db: Db,
  userId: number,
  options: { startsWith: string; limit: number; offset: number },
): Promise<{ rows: Array<{ custNo: string; company: string }>; total: number }> {
  const pattern = `${escapeLike(options.startsWith)}%`;
  const rows = await db
    .select({
      custNo: customers.custNo,
      company: customers.company,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(
      and(
        eq(userCustomers.userId, userId),
        options.startsWith
          ? or(
              sql`lower(${customers.custNo}) like lower(${pattern}::text) escape '\\'`,
              sql`lower(${customers.company}) like lower(${pattern}::text) escape '\\'`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(customers.company), asc(customers.custNo))
    .limit(options.limit)
    .offset(options.offset);
  return { rows: rows.map(({ custNo, company }) => ({ custNo, company })), total: rows[0]?.total ?? 0 };
}
