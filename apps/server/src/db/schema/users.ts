import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tenants } from './tenants';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    loginName: text('login_name').notNull(),
    /** Upper-cased login name: sign-in is case-insensitive, as recovery upper-cases it. */
    loginKey: text('login_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    locale: text('locale').notNull().default('en_US'),
    localeForFormatting: text('locale_for_formatting').notNull().default('en-US'),
    language: text('language').notNull().default('en'),
    timezone: text('timezone').notNull().default('America/New_York'),
    smsAreaCode: text('sms_area_code').notNull().default(''),
    smsPhone: text('sms_phone').notNull().default(''),
    pinPolicy: text('pin_policy', { enum: ['NONE', 'SMS'] })
      .notNull()
      .default('NONE'),
    active: boolean('active').notNull().default(true),
    /** Null while a registered user has not yet set a password through the activation link. */
    activatedAt: timestamp('activated_at', { withTimezone: true }).defaultNow(),
    /**
     * Set while the provider has deactivated the user (a load with status inactive): unlike a
     * registration waiting for activation (also not active), no activation link may bring it back.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The account chosen last; used at the next sign-in when no default account is flagged. */
    lastCustNo: text('last_cust_no'),
    lastCurrencyCode: text('last_currency_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('users_tenant_login_key').on(table.tenantId, table.loginKey)],
);

export const userCustomers = pgTable(
  'user_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    defAccount: boolean('def_account').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** May approve (or reject) payments of this customer that colleagues submit (issue 18). */
    approver: boolean('approver').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.customerId] }),
    index('user_customers_customer').on(table.customerId),
    // At most one default company per user: setting one clears the other in the same statement.
    uniqueIndex('user_customers_one_default').on(table.userId).where(sql`${table.defAccount}`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);
