import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userCustomers } from '../../db/schema/users';

/**
 * Makes one linked customer the user's default and clears the others in one statement, so the
 * one-default index (user_customers_one_default) never sees two. Answers false when the
 * customer is not linked to the user: nothing changes then.
 */
export async function setDefaultCustomer(db: Db, userId: number, customerId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const linked = await tx
      .select({ customerId: userCustomers.customerId })
      .from(userCustomers)
      .where(and(eq(userCustomers.userId, userId), eq(userCustomers.customerId, customerId)))
      .limit(1);
    if (linked.length === 0) return false;
    await tx
      .update(userCustomers)
      .set({ defAccount: false })
      .where(and(eq(userCustomers.userId, userId), eq(userCustomers.defAccount, true)));
    await tx
      .update(userCustomers)
      .set({ defAccount: sql`true` })
      .where(and(eq(userCustomers.userId, userId), eq(userCustomers.customerId, customerId)));
    return true;
  });
}
