import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { tenants } from './tenants';

/** Amounts are numeric(14,2): exact, and read back as strings, never floats. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    custNo: text('cust_no').notNull(),
    invNo: text('inv_no').notNull(),
    tranId: text('tran_id').notNull(),
    status: text('status', { enum: ['O', 'C'] }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    tranCurrencyCode: text('tran_currency_code').notNull(),
    amount: money('amount'),
    balance: money('balance'),
    tranBal: money('tran_bal'),
    tranOrig: money('tran_orig'),
    disputeAmount: money('dispute_amount'),
    paidAmount: money('paid_amount'),
    paymentPending: boolean('payment_pending').notNull().default(false),
    paymentPendingAmount: money('payment_pending_amount'),
    promise: boolean('promise').notNull().default(false),
    promisedAmount: money('promised_amount'),
    nextFollowupDate: date('next_followup_date', { mode: 'string' }),
    poNumber: text('po_number').notNull().default(''),
    terms: text('terms').notNull().default(''),
    salesRep: text('sales_rep').notNull().default(''),
    shipVia: text('ship_via').notNull().default(''),
    shipTo: text('ship_to').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('invoices_tenant_tran_id').on(table.tenantId, table.tranId),
    // The grid asks for one customer, one currency, one status, ordered; this index serves it at any size.
    index('invoices_grid').on(
      table.customerId,
      table.tranCurrencyCode,
      table.status,
      table.dueDate,
      table.id,
    ),
    // One index per sortable column keeps the first pages of any sort a short index walk.
    index('invoices_grid_amount').on(
      table.customerId,
      table.tranCurrencyCode,
      table.status,
      table.amount,
      table.id,
    ),
    index('invoices_grid_balance').on(
      table.customerId,
      table.tranCurrencyCode,
      table.status,
      table.balance,
      table.id,
    ),
    index('invoices_grid_inv_no').on(
      table.customerId,
      table.tranCurrencyCode,
      table.status,
      table.invNo,
      table.id,
    ),
    index('invoices_grid_invoice_date').on(
      table.customerId,
      table.tranCurrencyCode,
      table.status,
      table.invoiceDate,
      table.id,
    ),
    // The enumerated terms filter (terms eq 'Net 30') walks this in the grid's default order.
    index('invoices_grid_terms').on(
      table.customerId,
      table.tranCurrencyCode,
      table.status,
      table.terms,
      table.dueDate,
      table.id,
    ),
    // substringof, startswith and endswith compile to ILIKE, which pg_trgm's GIN indexes answer.
    // With the grid's scope in the same GIN index (btree_gin, migration 0026), a needle matching many
    // rows of the ledger reads only its account's entries (10 ms for 'PO-5' at a million, not 20).
    ...(['invNo', 'tranId', 'poNumber', 'terms'] as const).map((field) =>
      index(`invoices_trgm_${table[field].name}`).using(
        'gin',
        table.customerId,
        table.tranCurrencyCode,
        table.status,
        table[field].op('gin_trgm_ops'),
      ),
    ),
    index('invoices_inv_no').on(table.customerId, table.invNo),
    index('invoices_open_due').on(table.customerId, table.dueDate).where(sql`status = 'O'`),
  ],
);

/**
 * Count and sums of the invoices per customer, currency and status: the unfiltered grid's totals
 * without reading the invoices. Kept by statement triggers on invoices (migration 0009) in the
 * writer's own transaction, whoever the writer is; no foreign key, so that a customer's cascade
 * delete can settle its rows in any order (rows that reach a count of 0 are removed).
 */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    customerId: integer('customer_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull().default('0'),
    balance: numeric('balance', { precision: 20, scale: 2 }).notNull().default('0'),
    disputeAmount: numeric('dispute_amount', { precision: 20, scale: 2 }).notNull().default('0'),
    paidAmount: numeric('paid_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.currencyCode, table.status] })],
);

/**
 * A number per group of invoices (customer, currency, status), new at the commit of every
 * transaction that wrote to the group, whoever wrote (migration 0025's triggers): what was read of
 * the group while it is unchanged is still current. The grid's response cache checks it on every
 * call (modules/grid-cache). Bumped at commit, by a deferred trigger, so that its row locks are the
 * last a writer takes, always in key order: no writer waits on them holding anything else.
 */
export const invoiceVersions = pgTable(
  'invoice_versions',
  {
    customerId: integer('customer_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    /**
     * New only when a write changed more than the payment and promise marks (promise, promised
     * amount, follow-up date, payment pending and its amount): what does not read those marks (a
     * filter's totals that does not name them) is current while this is unchanged (migration 0027).
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.currencyCode, table.status] })],
);

/** The groups a transaction wrote, noted by a statement trigger and applied at its commit. */
export const invoiceVersionBumps = pgTable(
  'invoice_version_bumps',
  {
    transactionId: text('transaction_id').notNull(),
    customerId: integer('customer_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull(),
    /** Whether the transaction changed more than the marks (see invoiceVersions.dataVersion). */
    data: boolean('data').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.transactionId, table.customerId, table.currencyCode, table.status] }),
  ],
);

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    item: text('item').notNull(),
    description: text('description').notNull(),
    qtyShip: numeric('qty_ship', { precision: 14, scale: 3 }).notNull(),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    ext: money('ext'),
    disputedCount: numeric('disputed_count', { precision: 14, scale: 3 }).notNull().default('0'),
    disputedAmt: money('disputed_amt'),
  },
  (table) => [unique('line_items_invoice_line').on(table.invoiceId, table.lineNo)],
);

/** Provider-defined extra fields, per invoice or per line. */
export const invoiceExtendedFields = pgTable(
  'invoice_extended_fields',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineItemId: integer('line_item_id').references(() => invoiceLineItems.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    title: text('title').notNull(),
    dataType: text('data_type').notNull().default('string'),
    value: text('value').notNull(),
  },
  (table) => [index('extended_fields_invoice').on(table.invoiceId)],
);
