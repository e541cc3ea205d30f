import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** The scrolling announcement of a tenant's portal, set by an operator command. */
export const announcements = pgTable('announcements', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
