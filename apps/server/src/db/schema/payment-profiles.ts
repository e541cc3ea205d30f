import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Saved payment profiles (issue 13): a card is the provider's token (never a number); a bank account
 * is sealed (AES-256-GCM, 'echeck-account') with only its last 4 kept in clear. A card starts PENDING
 * while its owner is on the provider's save-card page and turns ACTIVE once the provider has it.
 * A deleted profile keeps its row (payments point at it in the log) with deleted_at set.
 */
export const paymentProfiles = pgTable(
  'payment_profiles',
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
    profileType: text('profile_type', { enum: ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'ACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /** Settle's reference for the provider's save-card session. */
    reference: text('reference').unique(),
    provider: text('provider'),
    providerSessionId: text('provider_session_id'),
    token: text('token'),
    aliasName: text('alias_name').notNull().default(''),
    cardType: text('card_type'),
    lastDigits: text('last_digits'),
    cardHolderName: text('card_holder_name'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    accountEncrypted: text('account_encrypted'),
    accountMasked: text('account_masked'),
    routingNum: text('routing_num'),
    accountType: text('account_type'),
    name: text('name'),
    /**
     * The payment whose e-check form saved this bank account ("save as profile"); unique, so a
     * payment saves its account once however often its call is replayed or raced.
     */
    savedByPaymentId: integer('saved_by_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('payment_profiles_saved_by_payment').on(table.savedByPaymentId),
    index('payment_profiles_owner').on(table.userId, table.customerId).where(sql`deleted_at is null`),
    check(
      'payment_profiles_expiry_month',
      sql`${table.expiryMonth} is null or ${table.expiryMonth} between 1 and 12`,
    ),
  ],
);
