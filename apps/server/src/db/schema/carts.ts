import { index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { invoices } from './invoices';
import { tenants } from './tenants';
import { users } from './users';

/**
 * One cart per user, customer and currency (named custNo-PaymentCart-currency). Lines hold
 * only the invoice: balance, disputed and payment are always read from the invoice, so
 * the cart cannot drift from the ledger.
 */
export const paymentCarts = pgTable(
  'payment_carts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('payment_carts_owner').on(table.userId, table.customerId, table.currencyCode)],
);

export const paymentCartLines = pgTable(
  'payment_cart_lines',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => paymentCarts.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.invoiceId] }),
    index('cart_lines_invoice').on(table.invoiceId),
  ],
);
