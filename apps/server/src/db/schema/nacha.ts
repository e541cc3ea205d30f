import { date, index, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { payments } from './payments';
import { tenants } from './tenants';

/** A NACHA ACH file of e-checks for the bank: one per tenant, cut-off date and currency, generated once. */
export const nachaFiles = pgTable(
  'nacha_files',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    cutoffDate: date('cutoff_date', { mode: 'string' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    fileName: text('file_name').notNull(),
    content: text('content').notNull().default(''),
    entryCount: integer('entry_count').notNull().default(0),
    totalDebit: numeric('total_debit', { precision: 14, scale: 2 }).notNull().default('0'),
    entryHash: text('entry_hash').notNull().default('0000000000'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('nacha_files_one_per_cutoff').on(table.tenantId, table.cutoffDate, table.currencyCode)],
);

/** Which file took a payment: the UNIQUE payment id keeps a payment out of a second file, across processes. */
export const nachaFilePayments = pgTable(
  'nacha_file_payments',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => nachaFiles.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (table) => [index('nacha_file_payments_file').on(table.fileId)],
);
