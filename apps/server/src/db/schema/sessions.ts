import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Server-side sessions. `tokenHash` is the SHA-256 of the cookie's random token: a
 * leaked table does not let anyone sign in. `publicId` is what the API shows as sessionId.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** 'active' once every sign-in step passed; 'pin_pending' between password and PIN. */
    state: text('state', { enum: ['active', 'pin_pending'] })
      .notNull()
      .default('active'),
    currentCustNo: text('current_cust_no'),
    currentCurrencyCode: text('current_currency_code'),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    /** Set when the session was ended from outside (MGMT_SHUTDOWN): the next call tells why. */
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user').on(table.userId)],
);
