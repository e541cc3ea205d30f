import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { invoices } from './invoices';
import { paymentProfiles } from './payment-profiles';
import { tenants } from './tenants';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');

/** What a tenant offers per flow (cart, on_account) and currency: the spec's payment config. */
export const paymentConfigs = pgTable(
  'payment_configs',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    flow: text('flow', { enum: ['cart', 'on_account'] }).notNull(),
    currencyCode: text('currency_code').notNull(),
    allowCreditCard: boolean('allow_credit_card').notNull().default(false),
    allowCreditCardProfile: boolean('allow_credit_card_profile').notNull().default(false),
    allowDebitCard: boolean('allow_debit_card').notNull().default(false),
    allowDebitCardProfile: boolean('allow_debit_card_profile').notNull().default(false),
    allowECheck: boolean('allow_echeck').notNull().default(false),
    allowECheckProfile: boolean('allow_echeck_profile').notNull().default(false),
    allowCombined: boolean('allow_combined').notNull().default(true),
    contractNumberRequired: boolean('contract_number_required').notNull().default(false),
    /** The on-account form's elements: [{ name, label, size, placeholder, required }]. */
    elements: jsonb('elements').notNull().default([]),
    noteMaxSize: integer('note_max_size').notNull().default(100),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.flow, table.currencyCode] })],
);

/** The provider's window and processing per flow, method and currency, with the convenience fee. */
export const paymentProviderSettings = pgTable(
  'payment_provider_settings',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    flow: text('flow', { enum: ['cart', 'on_account'] }).notNull(),
    paymentType: text('payment_type', { enum: ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'] }).notNull(),
    currencyCode: text('currency_code').notNull(),
    name: text('name').notNull(),
    width: integer('width'),
    height: integer('height'),
    localProcessing: boolean('local_processing').notNull().default(false),
    /** Percentage with 2 decimals (2.50 is 2.5 %); 0 means no fee. */
    feePercentage: numeric('fee_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.flow, table.paymentType, table.currencyCode] }),
    check('provider_fee_range', sql`${table.feePercentage} >= 0 and ${table.feePercentage} < 100`),
  ],
);

export const PAYMENT_ROW_STATUSES = ['PENDING', 'SUCCESS', 'ERROR', 'FAILURE', 'CANCELLED'] as const;

/**
 * The payment log. extTranRefId is Settle's reference at the provider. One PENDING payment per
 * user's cart (the cart is per user, customer and currency) is a partial unique index, so it
 * holds across server processes sharing one PostgreSQL.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    extTranRefId: text('ext_tran_ref_id').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    custNo: text('cust_no').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull().default(''),
    language: text('language').notNull().default('en'),
    localeForFormatting: text('locale_for_formatting').notNull().default('en-US'),
    currencyCode: text('currency_code').notNull(),
    flow: text('flow', { enum: ['cart', 'on_account'] }).notNull(),
    paymentType: text('payment_type', { enum: ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'] }).notNull(),
    methodType: text('method_type', { enum: ['CARD', 'CARD_PROFILE', 'ECHECK', 'ECHECK_PROFILE'] }).notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amount: money('amount'),
    fee: money('fee'),
    total: money('total'),
    status: text('status', { enum: PAYMENT_ROW_STATUSES }).notNull().default('PENDING'),
    responseText: text('response_text'),
    trackingNo: text('tracking_no'),
    authCode: text('auth_code'),
    accountMasked: text('account_masked'),
    /** E-check account number, AES-256-GCM sealed with a key derived from the auth secret. */
    accountEncrypted: text('account_encrypted'),
    accountHolder: text('account_holder'),
    accountType: text('account_type'),
    routingNumber: text('routing_number'),
    checkNumber: text('check_number'),
    note: text('note'),
    contractNumber: text('contract_number'),
    idempotencyKey: text('idempotency_key'),
    /** The saved profile a silent payment charged (CARD_PROFILE, ECHECK_PROFILE). */
    paymentProfileId: integer('payment_profile_id').references(() => paymentProfiles.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('payments_customer').on(table.customerId, table.createdAt),
    // The payment log grid: a customer's payments in one currency, newest first, paged by id.
    // 0012 adds INCLUDE (status, amounts, method, flow) to it by hand: totals and common filters from the index.
    index('payments_log_grid').on(table.customerId, table.currencyCode, table.createdAt, table.id),
    index('payments_log_amount').on(table.customerId, table.currencyCode, table.amount, table.id),
    index('payments_pending').on(table.createdAt).where(sql`status = 'PENDING'`),
    uniqueIndex('payments_one_pending_per_cart')
      .on(table.userId, table.customerId, table.currencyCode)
      .where(sql`status = 'PENDING' and flow = 'cart'`),
    check('payments_total', sql`${table.total} = ${table.amount} + ${table.fee}`),
  ],
);

/**
 * The payment log grid's totals per customer, currency and UTC day of creation, kept by triggers
 * on payments (migration 0020) in the writer's transaction: any date range's count and
 * succeeded sum add up at most a few thousand days, never the payments themselves.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    customerId: integer('customer_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    succeededCount: bigint('succeeded_count', { mode: 'number' }).notNull().default(0),
    succeededTotal: numeric('succeeded_total', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.currencyCode, table.day] })],
);

/**
 * The invoices a payment pays. in_flight is true while the payment is PENDING: a partial unique
 * index lets one in-flight payment hold an invoice, whoever starts another.
 */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    invNo: text('inv_no').notNull(),
    amount: money('amount'),
    shortPayReason: text('short_pay_reason'),
    inFlight: boolean('in_flight').notNull().default(true),
  },
  (table) => [
    index('payment_lines_payment').on(table.paymentId),
    uniqueIndex('payment_lines_one_in_flight').on(table.invoiceId).where(sql`in_flight`),
  ],
);

/** A payment's history, shown with its receipt. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_events_payment').on(table.paymentId, table.at)],
);

/** Every verified notification, once: the provider's id is unique, so a replay inserts nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    notificationId: text('notification_id').notNull(),
    extTranRefId: text('ext_tran_ref_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('payment_notifications_once').on(table.provider, table.notificationId)],
);

/**
 * Idempotency-Key claims: the first request with a key inserts its row (ON CONFLICT does
 * nothing for the others) and stores its answer; kept at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    unique('idempotency_keys_owner_key').on(table.tenantId, table.userId, table.key),
    index('idempotency_keys_created').on(table.createdAt),
  ],
);
