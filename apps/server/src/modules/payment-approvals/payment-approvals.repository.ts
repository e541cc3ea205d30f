import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { paymentApprovalLines, paymentApprovals } from '../../db/schema/payment-approvals';

export type ApprovalRow = typeof paymentApprovals.$inferSelect;
export type NewApproval = typeof paymentApprovals.$inferInsert;
export type NewApprovalLine = typeof paymentApprovalLines.$inferInsert;

/** The invoice numbers among these that sit in a cart waiting for approval. */
export async function findInvoicesAwaitingApproval(db: Db, invoiceIds: number[]): Promise<string[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await queryRows<{ inv_no: string }>(
    db,
    sql`select l.inv_no from payment_approval_lines l join payment_approvals a on a.id = l.approval_id
        where a.status = 'PENDING' and l.invoice_id = any(${`{${invoiceIds.join(',')}}`}::int[])
        order by l.inv_no`,
  );
  return rows.map((row) => row.inv_no);
}

export async function findPendingForCart(db: Db, cartId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentApprovals)
    .where(and(eq(paymentApprovals.cartId, cartId), eq(paymentApprovals.status, 'PENDING')))
    .limit(1);
  return row;
}

export async function insertApproval(
  db: Db,
  approval: NewApproval,
  lines: Omit<NewApprovalLine, 'approvalId'>[],
) {
  const [row] = await db.insert(paymentApprovals).values(approval).returning();
  await db.insert(paymentApprovalLines).values(lines.map((line) => ({ ...line, approvalId: row!.id })));
  return row!;
}

export function findLines(db: Db, approvalId: number) {
  return db
    .select()
    .from(paymentApprovalLines)
    .where(eq(paymentApprovalLines.approvalId, approvalId))
    .orderBy(paymentApprovalLines.invNo);
}

/** An approval of one of the user's customers (in the user's tenant), or nothing: others answer 404. */
export async function findVisible(db: Db, user: { tenantId: number; userId: number }, approvalId: number) {
  const rows = await queryRows<{ id: number; approver: boolean }>(
    db,
    sql`select a.id, uc.approver from payment_approvals a
        join user_customers uc on uc.customer_id = a.customer_id and uc.user_id = ${user.userId}
        where a.id = ${approvalId} and a.tenant_id = ${user.tenantId}`,
  );
  const found = rows[0];
  if (!found) return undefined;
  const [row] = await db.select().from(paymentApprovals).where(eq(paymentApprovals.id, approvalId));
  return { row: row!, approver: found.approver };
}

/** Moves a PENDING approval to its decision; answers nothing when another call decided it first. */
export async function decide(
  db: Db,
  approvalId: number,
  decision: Pick<ApprovalRow, 'status' | 'decidedBy' | 'deciderName' | 'reason'>,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .update(paymentApprovals)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(paymentApprovals.id, approvalId), eq(paymentApprovals.status, 'PENDING')))
    .returning();
  return row;
}

/** An approval whose payment could not start goes back to PENDING (the approver may try again or reject). */
export async function reopen(db: Db, approvalId: number): Promise<void> {
  await db
    .update(paymentApprovals)
    .set({ status: 'PENDING', decidedBy: null, deciderName: null, decidedAt: null })
    .where(and(eq(paymentApprovals.id, approvalId), eq(paymentApprovals.status, 'APPROVED')));
}

export async function setPayment(db: Db, approvalId: number, paymentId: number): Promise<void> {
  await db.update(paymentApprovals).set({ paymentId }).where(eq(paymentApprovals.id, approvalId));
}

export type ApprovalListRecord = {
  id: number;
  cust_no: string;
  company: string;
  currency_code: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  amount: string;
  payment_type: 'CREDIT_CARD' | 'DEBIT_CARD' | 'ECHECK';
  requested_by: number;
  requester_name: string;
  created_at: string;
  decider_name: string | null;
  decided_at: string | null;
  reason: string | null;
  payment_id: number | null;
  payment_status: string | null;
  approver: boolean;
  profile_type: string;
  card_type: string | null;
  last_digits: string | null;
  account_masked: string | null;
  alias_name: string | null;
  invoices: Array<{ invNo: string; amount: string }>;
};

/**
 * The approvals of the user's customers (one when customerId is given): every pending one, and the
 * decided ones of the last 30 days, newest first.
 */
export function listForUser(db: Db, user: { tenantId: number; userId: number }, customerId?: number) {
  return queryRows<ApprovalListRecord>(
    db,
    sql`select a.id, a.cust_no, c.company, a.currency_code, a.status, a.amount::text, a.payment_type,
          a.requested_by, a.requester_name,
          to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          a.decider_name,
          to_char(a.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as decided_at,
          a.reason, a.payment_id, p.status as payment_status, uc.approver,
          pp.profile_type, pp.card_type, pp.last_digits, pp.account_masked, pp.alias_name,
          coalesce((select json_agg(json_build_object('invNo', l.inv_no, 'amount', l.amount::text) order by l.inv_no)
             from payment_approval_lines l where l.approval_id = a.id), '[]'::json) as invoices
        from payment_approvals a
        join user_customers uc on uc.customer_id = a.customer_id and uc.user_id = ${user.userId}
        join customers c on c.id = a.customer_id
        join payment_profiles pp on pp.id = a.payment_profile_id
        left join payments p on p.id = a.payment_id
        where a.tenant_id = ${user.tenantId}
          ${customerId === undefined ? sql`` : sql`and a.customer_id = ${customerId}`}
          and (a.status = 'PENDING' or a.decided_at > now() - interval '30 days')
        order by (a.status = 'PENDING') desc, a.created_at desc, a.id desc
        limit 200`,
  );
}

/** Pending approvals the user may decide: approver of the customer, and not the one who submitted. */
export async function countToDecide(db: Db, user: { tenantId: number; userId: number }): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from payment_approvals a
        join user_customers uc on uc.customer_id = a.customer_id and uc.user_id = ${user.userId} and uc.approver
        where a.tenant_id = ${user.tenantId} and a.status = 'PENDING' and a.requested_by <> ${user.userId}`,
  );
  return rows[0]?.count ?? 0;
}

/** The approvers of a customer other than the submitter, active, with an email address. */
export function findApprovers(db: Db, customerId: number, exceptUserId: number) {
  return queryRows<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    language: string;
    locale_for_formatting: string;
  }>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.language, u.locale_for_formatting
        from user_customers uc join users u on u.id = uc.user_id
        where uc.customer_id = ${customerId} and uc.approver and u.active and u.id <> ${exceptUserId}
        order by u.id`,
  );
}

export async function findUserContact(db: Db, userId: number) {
  const rows = await queryRows<{
    first_name: string;
    last_name: string;
    email: string;
    language: string;
    locale_for_formatting: string;
  }>(
    db,
    sql`select first_name, last_name, email, language, locale_for_formatting from users where id = ${userId}`,
  );
  return rows[0];
}

export async function findParties(db: Db, approvalId: number) {
  const rows = await queryRows<{ app_name: string; company: string }>(
    db,
    sql`select t.app_header_name as app_name, c.company
        from payment_approvals a join tenants t on t.id = a.tenant_id join customers c on c.id = a.customer_id
        where a.id = ${approvalId}`,
  );
  return rows[0];
}

/** Operator command: sets whether a user approves payments of a customer; answers whether the link exists. */
export async function setApprover(db: Db, input: { userId: number; customerId: number; approver: boolean }) {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`update user_customers set approver = ${input.approver}
        where user_id = ${input.userId} and customer_id = ${input.customerId} returning user_id`,
  );
  return rows.length > 0;
}
