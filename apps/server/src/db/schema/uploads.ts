import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A stored file. It belongs to the customer the user worked for when uploading; the file
 * name is metadata only, the bytes live under storageKey in the file-storage adapter.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    uuid: text('uuid').notNull(),
    fileName: text('file_name').notNull(),
    docType: text('doc_type').notNull(),
    description: text('description').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    creatorName: text('creator_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('uploads_uuid').on(table.uuid),
    check('uploads_size_positive', sql`${table.size} > 0`),
    index('uploads_customer').on(table.customerId),
  ],
);
