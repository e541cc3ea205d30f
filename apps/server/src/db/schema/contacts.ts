import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

/**
 * A person at a customer whom the provider invites to the portal. The registration link
 * names the company and the contact (both sealed); registering creates the contact's user,
 * which stays unactivated until the emailed activation link sets a password.
 */
export const customerContacts = pgTable(
  'customer_contacts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    /** The user this contact registered as; null until registration. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customer_contacts_customer').on(table.customerId)],
);
