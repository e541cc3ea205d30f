import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentCartLines, paymentCarts } from '../db/schema/carts';
import { invoices } from '../db/schema/invoices';
import { buildCartLines, buildCustomer, buildInvoice, buildUser, TEST_PASSWORD } from './factories';
import { TestClient, type TestContext } from './test-app';

type InvoiceOverrides = NonNullable<Parameters<typeof buildInvoice>[2]>;

/**
 * What most route tests start from, built afresh for each test: a customer of its own, a
 * signed-in user of it (every privilege unless `roles` says otherwise) and only the invoices
 * the test builds, so that no test depends on what another left behind.
 */
export async function signedInCustomer(
  context: TestContext,
  tenantId: number,
  options: {
    roles?: readonly string[];
    /** Overrides of the new customer's columns. */
    customer?: Parameters<typeof buildCustomer>[2];
    /** A colleague: another user of this customer instead of a new one. */
    colleagueOf?: { customer: Awaited<ReturnType<typeof buildCustomer>> };
  } = {},
) {
  const { db } = context.database;
  const customer = options.colleagueOf?.customer ?? (await buildCustomer(db, tenantId, options.customer));
  const user = await buildUser(db, tenantId, { roles: options.roles, customers: [{ id: customer.id }] });
  const client = new TestClient(context);
  const signIn = await client.signIn(user.loginName, TEST_PASSWORD);
  expect(signIn.statusCode, signIn.body).toBe(200);
  let count = 0;
  return {
    customer,
    user,
    client,
    /** Numbered INV-001, INV-002… in the order built: the order the server lists them in. */
    invoice: (overrides: InvoiceOverrides = {}) =>
      buildInvoice(db, customer, { invNo: `INV-${String(++count).padStart(3, '0')}`, ...overrides }),
    /** Puts invoices in this user's cart for the customer (USD unless told). */
    putInCart: (invoiceIds: number[], currencyCode = 'USD') =>
      buildCartLines(db, { userId: user.id, customer, currencyCode }, invoiceIds),
    /** Every invoice of the customer as stored, to show that a refusal changed none. */
    storedInvoices: () =>
      db.select().from(invoices).where(eq(invoices.customerId, customer.id)).orderBy(invoices.id),
    /** The invoice numbers in this user's cart for the customer and a currency, as stored. */
    storedCart: async (currencyCode = 'USD') => {
      const rows = await db
        .select({ invNo: invoices.invNo })
        .from(paymentCartLines)
        .innerJoin(paymentCarts, eq(paymentCarts.id, paymentCartLines.cartId))
        .innerJoin(invoices, eq(invoices.id, paymentCartLines.invoiceId))
        .where(
          and(
            eq(paymentCarts.userId, user.id),
            eq(paymentCarts.customerId, customer.id),
            eq(paymentCarts.currencyCode, currencyCode),
          ),
        )
        .orderBy(invoices.invNo);
      return rows.map((row) => row.invNo);
    },
  };
}

export type SignedInCustomer = Awaited<ReturnType<typeof signedInCustomer>>;
