import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { invoiceLineItems, invoices } from './invoices';
import { tenants } from './tenants';
import { uploads } from './uploads';
import { users } from './users';

/** The provider's reason codes per tenant: the create screen's list and the reason dropdown. */
export const disputeReasonCodes = pgTable(
  'dispute_reason_codes',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.code] })],
);

/**
 * A number per tenant, new whenever a reason's description changed (migration 0029's triggers):
 * the dispute grid shows the descriptions, so its cached answers are current only while this is
 * unchanged. Per tenant rather than per dispute group: a dispute committed beside a description's
 * change could not be found by the change, but reads the same tenant row.
 */
export const disputeReasonVersions = pgTable('dispute_reason_versions', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * A dispute of an invoice (invoiceId set) or of the customer as a whole (custDispute, no
 * invoice). probNo is the number users see, unique per tenant. The amount is always above 0:
 * a dispute that holds nothing cannot exist.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    probNo: integer('prob_no').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    custDispute: boolean('cust_dispute').notNull().default(false),
    currencyCode: text('currency_code').notNull(),
    style: text('style', { enum: ['artran', 'other'] }).notNull(),
    disputedAmount: numeric('disputed_amount', { precision: 14, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    reasonCode: text('reason_code').notNull(),
    statusCode: text('status_code').notNull().default('U'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The invoice's fields, copied by triggers (migration 0022) so that the grid sorts and filters
    // on the disputes' own indexes and the totals follow the disputes alone; null for a customer-level dispute.
    invNo: text('inv_no'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    invoiceAmount: numeric('invoice_amount', { precision: 14, scale: 2 }),
  },
  (table) => [
    unique('disputes_tenant_prob_no').on(table.tenantId, table.probNo),
    check('disputes_amount_positive', sql`${table.disputedAmount} > 0`),
    check(
      'disputes_invoice_or_customer',
      sql`(${table.custDispute} and ${table.invoiceId} is null) or (not ${table.custDispute} and ${table.invoiceId} is not null)`,
    ),
    index('disputes_customer_created').on(table.customerId, table.currencyCode, table.createdAt, table.id),
    index('disputes_invoice').on(table.invoiceId),
    // The grid's enumerated filters and sorts within its scope (customer, currency).
    index('disputes_grid_status').on(
      table.customerId,
      table.currencyCode,
      table.statusCode,
      table.createdAt,
      table.id,
    ),
    index('disputes_grid_reason').on(
      table.customerId,
      table.currencyCode,
      table.reasonCode,
      table.createdAt,
      table.id,
    ),
    index('disputes_grid_amount').on(table.customerId, table.currencyCode, table.disputedAmount, table.id),
    index('disputes_grid_prob_no').on(table.customerId, table.currencyCode, table.probNo, table.id),
    // The invoice's columns are empty on a customer-level dispute: first ascending, last descending, as the grid orders.
    index('disputes_grid_inv_no').on(
      table.customerId,
      table.currencyCode,
      table.invNo.asc().nullsFirst(),
      table.id,
    ),
    index('disputes_grid_invoice_date').on(
      table.customerId,
      table.currencyCode,
      table.invoiceDate.asc().nullsFirst(),
      table.id,
    ),
    index('disputes_grid_due_date').on(
      table.customerId,
      table.currencyCode,
      table.dueDate.asc().nullsFirst(),
      table.id,
    ),
    index('disputes_grid_invoice_amount').on(
      table.customerId,
      table.currencyCode,
      table.invoiceAmount.asc().nullsFirst(),
      table.id,
    ),
  ],
);

/**
 * Count and sums of the disputes per customer, currency and kind (invoice or customer-level): the
 * unfiltered dispute grid's totals without reading the disputes. Kept by statement triggers on
 * disputes (migration 0022) in the writer's own transaction, as invoice_totals.
 */
export const disputeTotals = pgTable(
  'dispute_totals',
  {
    customerId: integer('customer_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    custDispute: boolean('cust_dispute').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    originalAmount: numeric('original_amount', { precision: 20, scale: 2 }).notNull().default('0'),
    disputedAmount: numeric('disputed_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.currencyCode, table.custDispute] })],
);

/** The lines a dispute by line item holds, with the count and the amount (count × price). */
export const disputeLines = pgTable(
  'dispute_lines',
  {
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => invoiceLineItems.id, { onDelete: 'cascade' }),
    disputedCount: numeric('disputed_count', { precision: 14, scale: 3 }).notNull(),
    disputedAmt: numeric('disputed_amt', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.disputeId, table.lineItemId] }),
    check('dispute_lines_count_positive', sql`${table.disputedCount} > 0`),
    index('dispute_lines_line').on(table.lineItemId),
  ],
);

/** Notes from the customer's users (always exposed) and the provider's collectors (exposed or not). */
export const disputeNotes = pgTable(
  'dispute_notes',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    exposed: boolean('exposed').notNull().default(true),
    enteredBy: text('entered_by').notNull(),
    enteredById: integer('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    enteredOn: timestamp('entered_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('dispute_notes_length', sql`char_length(${table.note}) between 1 and 2000`),
    index('dispute_notes_dispute').on(table.disputeId, table.enteredOn),
  ],
);

/** An upload attached to a dispute; an upload is attached at most once. */
export const disputeAttachments = pgTable(
  'dispute_attachments',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('dispute_attachments_upload').on(table.uploadId),
    index('dispute_attachments_dispute').on(table.disputeId),
  ],
);
