import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A solution instance: one provider's portal, with its own users and customers. */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  guid: text('guid').notNull().unique(),
  name: text('name').notNull(),
  appHeaderName: text('app_header_name').notNull(),
  ssoEnabled: boolean('sso_enabled').notNull().default(false),
  /** The phone mask (companyDefMask) of the spec: # takes a digit; padded to 35 characters. */
  phoneMask: text('phone_mask').notNull().default('(###) ###-####'),
  isDefault: boolean('is_default').notNull().default(false),
  /** Every user must sign in with a second factor (SMS code, authenticator app or passkey). */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Privacy policy (type 1) and terms (type 2) texts per language; an empty value hides the link. */
export const legalTemplates = pgTable(
  'legal_templates',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    language: text('language').notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.type, table.language] })],
);

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
});
