import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { invoices } from './invoices';
import { paymentProfiles } from './payment-profiles';
import { payments } from './payments';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Autopay (issue 18): a user's standing order to pay, for one customer and currency, every open
 * invoice on its due date or days_before days earlier, with one of the user's saved profiles.
 * max_amount caps each invoice (an invoice above it is left for a person). After max_failures
 * failed days in a row the rule is STOPPED with the reason of the last failure.
 */
export const autopayRules = pgTable(
  'autopay_rules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    custNo: text('cust_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code').notNull(),
    paymentProfileId: integer('payment_profile_id')
      .notNull()
      .references(() => paymentProfiles.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull().default(0),
    maxAmount: numeric('max_amount', { precision: 14, scale: 2 }),
    maxFailures: integer('max_failures').notNull().default(3),
    status: text('status', { enum: ['ACTIVE', 'STOPPED'] })
      .notNull()
      .default('ACTIVE'),
    failures: integer('failures').notNull().default(0),
    stoppedReason: text('stopped_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('autopay_rules_one_per_currency').on(table.userId, table.customerId, table.currencyCode),
    index('autopay_rules_active').on(table.id).where(sql`status = 'ACTIVE'`),
    check('autopay_rules_days_before', sql`${table.daysBefore} between 0 and 30`),
    check('autopay_rules_max_failures', sql`${table.maxFailures} between 1 and 10`),
    check('autopay_rules_max_amount', sql`${table.maxAmount} is null or ${table.maxAmount} > 0`),
  ],
);

/**
 * One row per rule and day it paid or tried to: the primary key is what makes a rule pay once a
 * day however many runs, retries and processes reach it. The row of a payment is written in the
 * payment's own transaction (payments.service's guard), so both commit or neither does.
 */
export const autopayRuns = pgTable(
  'autopay_runs',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => autopayRules.id, { onDelete: 'cascade' }),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** STARTED (the payment is in flight), PAID or FAILED. */
    status: text('status', { enum: ['STARTED', 'PAID', 'FAILED'] }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ruleId, table.runDate] })],
);

/** "Skip this one": an invoice the rule's owner asked autopay to leave alone. */
export const autopaySkips = pgTable(
  'autopay_skips',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => autopayRules.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ruleId, table.invoiceId] })],
);

/**
 * What autopay did and why, for the rule's owner: PAID, SKIPPED (with the reason), FAILED and
 * STOPPED. once_key (rule, day, kind, reason, invoice) keeps a retried run from logging twice.
 */
export const autopayLog = pgTable(
  'autopay_log',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => autopayRules.id, { onDelete: 'set null' }),
    currencyCode: text('currency_code').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['PAID', 'SKIPPED', 'FAILED', 'STOPPED'] }).notNull(),
    reason: text('reason'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    invNo: text('inv_no'),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    onceKey: text('once_key').notNull().unique(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('autopay_log_owner').on(table.userId, table.customerId, table.currencyCode, table.id)],
);
