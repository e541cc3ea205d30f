import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paymentCarts } from './carts';
import { customers } from './customers';
import { invoices } from './invoices';
import { paymentProfiles } from './payment-profiles';
import { payments } from './payments';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A tenant's rule for one customer and currency: a cart payment whose amount (before fees) is above
 * the threshold is paid only once a second user of the customer, an approver, approves it.
 */
export const paymentApprovalPolicies = pgTable(
  'payment_approval_policies',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code').notNull(),
    threshold: numeric('threshold', { precision: 14, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.currencyCode] }),
    check('approval_policy_threshold', sql`${table.threshold} >= 0`),
  ],
);

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/**
 * A cart submitted for approval with the saved profile that will pay it. While PENDING the cart is
 * locked (a trigger refuses new lines; the cart service refuses removals) and its invoices cannot be
 * paid by another start. Deciding moves it out of PENDING by one conditional UPDATE, so two approvals
 * racing each other decide it once; the approval's payment carries the approval's id (unique).
 */
export const paymentApprovals = pgTable(
  'payment_approvals',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    custNo: text('cust_no').notNull(),
    currencyCode: text('currency_code').notNull(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => paymentCarts.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterName: text('requester_name').notNull(),
    paymentType: text('payment_type', { enum: ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'] }).notNull(),
    paymentProfileId: integer('payment_profile_id')
      .notNull()
      .references(() => paymentProfiles.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('PENDING'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    deciderName: text('decider_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_approvals_customer').on(table.customerId, table.status, table.createdAt),
    uniqueIndex('payment_approvals_one_pending_per_cart').on(table.cartId).where(sql`status = 'PENDING'`),
    uniqueIndex('payment_approvals_one_payment').on(table.paymentId),
    // Nobody approves or rejects their own payment, whatever the code above does.
    check(
      'payment_approvals_second_user',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`,
    ),
    check('payment_approvals_amount', sql`${table.amount} > 0`),
  ],
);

/** The invoices and amounts as submitted: the approved payment pays exactly these. */
export const paymentApprovalLines = pgTable(
  'payment_approval_lines',
  {
    approvalId: integer('approval_id')
      .notNull()
      .references(() => paymentApprovals.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    invNo: text('inv_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    shortPayReason: text('short_pay_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.approvalId, table.invoiceId] }),
    index('payment_approval_lines_invoice').on(table.invoiceId),
  ],
);
