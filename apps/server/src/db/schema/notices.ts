import { boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tenants } from './tenants';
import { users } from './users';

/** A user's wish to receive the statement of one customer and currency by email each month. */
export const statementSubscriptions = pgTable(
  'statement_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.customerId, table.currencyCode] })],
);

/**
 * One row per statement emailed: the primary key makes the monthly job send a user the
 * statement of a customer, currency and month once, whatever retries or processes race.
 */
export const statementDeliveries = pgTable(
  'statement_deliveries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code').notNull(),
    /** The month of the statement, YYYY-MM. */
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.customerId, table.currencyCode, table.period] })],
);

/** What a user wants to be reminded of by email; no row is no reminders. */
export const reminderSettings = pgTable('reminder_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  dueIn7Days: boolean('due_in_7_days').notNull().default(false),
  dueIn1Day: boolean('due_in_1_day').notNull().default(false),
  overdue: boolean('overdue').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One digest per user and day: the primary key keeps the daily job from mailing anyone twice. */
export const reminderDigests = pgTable(
  'reminder_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
