import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { paymentCartLines, paymentCarts } from '../../db/schema/carts';

export type CartOwner = { tenantId: number; userId: number; customerId: number; currencyCode: string };

export type CartLineRecord = {
  invoice_id: number;
  inv_no: string;
  tran_id: string;
  cust_no: string;
  currency_code: string;
  status: 'O' | 'C';
  balance: string;
  dispute_amount: string;
  tran_orig: string;
};

export async function findCartId(db: Db, owner: CartOwner): Promise<number | undefined> {
  const rows = await db
    .select({ id: paymentCarts.id })
    .from(paymentCarts)
    .where(
      and(
        eq(paymentCarts.userId, owner.userId),
        eq(paymentCarts.customerId, owner.customerId),
        eq(paymentCarts.currencyCode, owner.currencyCode),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}

export async function ensureCart(db: Db, owner: CartOwner): Promise<number> {
  const existing = await findCartId(db, owner);
  if (existing) return existing;
  const [created] = await db
    .insert(paymentCarts)
    .values(owner)
    .onConflictDoNothing()
    .returning({ id: paymentCarts.id });
  return created?.id ?? (await findCartId(db, owner))!;
}

/** The cart's lines with the invoice's live figures, oldest first. */
export function findCartLines(db: Db, cartId: number): Promise<CartLineRecord[]> {
  return queryRows<CartLineRecord>(
    db,
    sql`select i.id as invoice_id, i.inv_no, i.tran_id, i.cust_no, i.tran_currency_code as currency_code, i.status,
          i.balance::text, i.dispute_amount::text, i.tran_orig::text
        from payment_cart_lines l join invoices i on i.id = l.invoice_id
        where l.cart_id = ${cartId}
        order by l.added_at, i.id`,
  );
}

/** Adds lines; answers the invoice ids that were not in the cart yet. */
export async function addLines(db: Db, cartId: number, invoiceIds: number[]): Promise<number[]> {
  if (invoiceIds.length === 0) return [];
  const added = await db
    .insert(paymentCartLines)
    .values(invoiceIds.map((invoiceId) => ({ cartId, invoiceId })))
    .onConflictDoNothing()
    .returning({ invoiceId: paymentCartLines.invoiceId });
  await db.update(paymentCarts).set({ updatedAt: new Date() }).where(eq(paymentCarts.id, cartId));
  return added.map((row) => row.invoiceId);
}

/** Removes the given lines (all when no ids); answers the invoice ids actually removed. */
export async function removeLines(db: Db, cartId: number, invoiceIds?: number[]): Promise<number[]> {
  const condition = invoiceIds
    ? and(eq(paymentCartLines.cartId, cartId), inArray(paymentCartLines.invoiceId, invoiceIds))
    : eq(paymentCartLines.cartId, cartId);
  if (invoiceIds?.length === 0) return [];
  const removed = await db
    .delete(paymentCartLines)
    .where(condition)
    .returning({ invoiceId: paymentCartLines.invoiceId });
  return removed.map((row) => row.invoiceId);
}

/** Lines of every cart of the user for one customer (all currencies), for synchronisation. */
export function findUserCartLinesForCustomer(db: Db, userId: number, customerId: number) {
  return queryRows<CartLineRecord & { cart_id: number }>(
    db,
    sql`select l.cart_id, i.id as invoice_id, i.inv_no, i.tran_id, i.cust_no, i.tran_currency_code as currency_code,
          i.status, i.balance::text, i.dispute_amount::text, i.tran_orig::text
        from payment_cart_lines l
        join payment_carts pc on pc.id = l.cart_id
        join invoices i on i.id = l.invoice_id
        where pc.user_id = ${userId} and pc.customer_id = ${customerId}`,
  );
}

/** Count and payment total of each of the user's carts, for the customers list. */
export function summarizeUserCarts(db: Db, userId: number) {
  return queryRows<{ customer_id: number; currency_code: string; count: number; total: string }>(
    db,
    sql`select pc.customer_id, pc.currency_code, count(l.invoice_id)::int as count,
          coalesce(sum(i.balance - i.dispute_amount), 0)::text as total
        from payment_carts pc
        left join payment_cart_lines l on l.cart_id = pc.id
        left join invoices i on i.id = l.invoice_id
        where pc.user_id = ${userId}
        group by pc.customer_id, pc.currency_code`,
  );
}

/** Takes paid invoices out of the user's carts of one customer (any currency). */
export async function removeInvoicesFromUserCarts(
  db: Db,
  owner: { userId: number; customerId: number },
  invoiceIds: number[],
): Promise<void> {
  if (invoiceIds.length === 0) return;
  const ids = sql.join(
    invoiceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`delete from payment_cart_lines l using payment_carts pc
        where pc.id = l.cart_id and pc.user_id = ${owner.userId} and pc.customer_id = ${owner.customerId}
          and l.invoice_id in (${ids})`,
  );
}
