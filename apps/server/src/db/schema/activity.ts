import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { invoices } from './invoices';
import { tenants } from './tenants';
import { users } from './users';

/**
 * What happened to an invoice (or to a customer, for customer-level disputes): append-only,
 * written in the same transaction as the change it records. Nothing updates or deletes rows.
 */
export const activity = pgTable(
  'activity',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    probNo: integer('prob_no'),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_invoice').on(table.invoiceId, table.at),
    index('activity_customer').on(table.customerId, table.at),
  ],
);
