import { fromMinorUnits } from '@settle/shared/money';
import {
  APPROVAL_MESSAGES,
  type TApprovalPolicy,
  type TPaymentApproval,
  type TPaymentApprovalList,
  type ZSubmitApprovalRequest,
} from '@settle/shared/payment-approvals';
import type { z } from 'zod';
import type { CourierLogger } from '../../adapters/courier-messages';
import type { EmailCourier } from '../../adapters/email/email-courier';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityEntry, ActivityService } from '../activity/activity.service';
import type { BackgroundTasks } from '../auth/background-tasks';
import type { SessionContext, SessionService } from '../auth/session.service';
import type { CartService } from '../cart/cart.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { PaymentProfilesService } from '../payment-profiles/payment-profiles.service';
import type { PaymentsService } from '../payments/payments.service';
import { isUniqueViolation } from '../payments/unique-violation';
import { createApprovalEmails } from './approval-emails';
import type { ApprovalPolicyService } from './approval-policy.service';
import { toPaymentApproval } from './approval-views';
import * as repository from './payment-approvals.repository';

export type PaymentApprovalsService = ReturnType<typeof createPaymentApprovalsService>;

type SubmitRequest = z.output<typeof ZSubmitApprovalRequest>;

const forbidden = (code: string, message: string) => new AppError({ statusCode: 403, code, message });

/**
 * Approval before paying (issue 18). The submitter's cart and saved profile wait, locked, for a second
 * user of the customer with the approver flag; approving runs the submitter's silent payment through
 * the payments module's one exactly-once path, rejecting unlocks the cart. Only one decision is ever
 * taken: it is a conditional UPDATE from PENDING, so a second or concurrent click finds it decided.
 */
export function createPaymentApprovalsService(
  db: Db,
  deps: {
    accounts: AccountsService;
    cart: CartService;
    paymentProfiles: PaymentProfilesService;
    payments: PaymentsService;
    sessions: SessionService;
    activity: ActivityService;
    policy: ApprovalPolicyService;
    email: EmailCourier;
    background: BackgroundTasks;
    logger: CourierLogger;
  },
) {
  const emails = createApprovalEmails(db, deps.email);
  const userOf = (session: SessionContext) => ({ tenantId: session.tenantId, userId: session.userId });

  function entries(
    approval: repository.ApprovalRow,
    invoiceIds: number[],
    kind: ActivityEntry['kind'],
  ): ActivityEntry[] {
    return invoiceIds.map((invoiceId) => ({
      tenantId: approval.tenantId,
      customerId: approval.customerId,
      invoiceId,
      kind,
      details: {
        approvalId: String(approval.id),
        amount: approval.amount,
        currencyCode: approval.currencyCode,
        ...(approval.reason ? { reason: approval.reason } : {}),
      },
    }));
  }

  async function view(session: SessionContext, approvalId: number): Promise<TPaymentApproval> {
    const records = await repository.listForUser(db, userOf(session));
    const record = records.find((candidate) => candidate.id === approvalId);
    if (!record) throw notFound('Payment approval');
    return toPaymentApproval(record, session.userId);
  }

  /** An approval the caller may decide: of their customer (404 otherwise), an approver, not their own. */
  async function requireDecidable(session: SessionContext, approvalId: number) {
    const found = await repository.findVisible(db, userOf(session), approvalId);
    if (!found) throw notFound('Payment approval');
    if (found.row.requestedBy === session.userId)
      throw forbidden('APPROVAL_SELF', APPROVAL_MESSAGES.selfApproval);
    if (!found.approver) throw forbidden('APPROVAL_NOT_APPROVER', APPROVAL_MESSAGES.notApprover);
    if (found.row.status !== 'PENDING') throw alreadyDecided();
    return found.row;
  }

  const alreadyDecided = () =>
    new AppError({
      statusCode: 409,
      code: 'APPROVAL_ALREADY_DECIDED',
      message: APPROVAL_MESSAGES.alreadyDecided,
    });

  return {
    async policy(
      session: SessionContext,
      query: { custNo: string; currency: string },
    ): Promise<TApprovalPolicy> {
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        custNo: query.custNo,
        currencyCode: query.currency,
      });
      const threshold = await deps.policy.thresholdFor(customer.id, currencyCode);
      const own = await deps.cart.findOwn(session, { custNo: customer.custNo, currencyCode });
      const pending = own ? await repository.findPendingForCart(db, own.cartId) : undefined;
      const approvers = await repository.findApprovers(db, customer.id, 0);
      return {
        custNo: customer.custNo,
        currencyCode,
        required: threshold !== null,
        threshold,
        approver: approvers.some((user) => user.id === session.userId),
        pendingApprovalId: pending?.id ?? null,
      };
    },

    /** POST payment/approvals: the cart (as the client shows it) and the saved profile wait for an approver. */
    async submit(session: SessionContext, request: SubmitRequest, origin: string): Promise<TPaymentApproval> {
      const profile = await deps.paymentProfiles.checkChargeable(session, request, request.paymentType);
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        custNo: request.custNo,
        currencyCode: request.currency,
      });
      const own = await deps.cart.findOwn(session, { custNo: customer.custNo, currencyCode });
      if (!own) throw badRequest(APPROVAL_MESSAGES.cartDiffers, undefined, 'APPROVAL_CART_DIFFERS');
      if ((await repository.findApprovers(db, customer.id, session.userId)).length === 0)
        throw badRequest(APPROVAL_MESSAGES.noApprover, undefined, 'APPROVAL_NO_APPROVER');
      const actor = actorOf(session);
      let created: { approval: repository.ApprovalRow; invNos: string[] };
      try {
        created = await deps.payments.holdCartForApproval(
          session,
          request.paymentType,
          request,
          async (tx, plan) => {
            // The submitted lines are the cart's: a line the cart does not hold is refused.
            if (plan.lines.some((line) => !own.invoiceIds.includes(line.invoiceId)))
              throw badRequest(APPROVAL_MESSAGES.cartDiffers, undefined, 'APPROVAL_CART_DIFFERS');
            const approval = await repository.insertApproval(
              tx,
              {
                tenantId: session.tenantId,
                customerId: customer.id,
                custNo: customer.custNo,
                currencyCode,
                cartId: own.cartId,
                requestedBy: session.userId,
                requesterName: actor.actorName,
                paymentType: request.paymentType,
                paymentProfileId: profile.id,
                amount: plan.amount,
              },
              plan.lines.map((line) => ({
                invoiceId: line.invoiceId,
                invNo: line.invNo,
                amount: fromMinorUnits(line.amountMinor),
                shortPayReason: line.shortPayReason,
              })),
            );
            await deps.activity.record(
              tx,
              session,
              entries(
                approval,
                plan.lines.map((line) => line.invoiceId),
                'PAYMENT_APPROVAL_REQUESTED',
              ),
            );
            return { approval, invNos: plan.lines.map((line) => line.invNo) };
          },
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError({
            statusCode: 409,
            code: 'APPROVAL_ALREADY_PENDING',
            message: APPROVAL_MESSAGES.alreadyPending,
          });
        throw error;
      }
      deps.background.run('payment approval request emails', () =>
        emails.requested(created.approval, created.invNos, origin),
      );
      return view(session, created.approval.id);
    },

    async list(session: SessionContext, query: { custNo?: string }): Promise<TPaymentApprovalList> {
      const customer = query.custNo
        ? await deps.accounts.requireCustomer(session.userId, query.custNo)
        : null;
      const records = await repository.listForUser(db, userOf(session), customer?.id);
      return { approvals: records.map((record) => toPaymentApproval(record, session.userId)) };
    },

    async count(session: SessionContext) {
      return { toDecide: await repository.countToDecide(db, userOf(session)) };
    },

    /**
     * POST payment/approvals/{id}/approve: decides once, then pays the submitter's cart with the
     * submitter's saved profile. A payment that cannot start (a line changed, the profile expired)
     * reopens the approval and says why; a declined one is the approval's outcome, like any payment's.
     */
    async approve(session: SessionContext, approvalId: number, origin: string): Promise<TPaymentApproval> {
      await requireDecidable(session, approvalId);
      const actor = actorOf(session);
      const decided = await repository.decide(db, approvalId, {
        status: 'APPROVED',
        decidedBy: session.userId,
        deciderName: actor.actorName,
        reason: null,
      });
      if (!decided) throw alreadyDecided();
      const lines = await repository.findLines(db, approvalId);
      let result: Awaited<ReturnType<PaymentProfilesService['payCart']>>;
      try {
        const payer = await deps.sessions.actingAs(decided.tenantId, decided.requestedBy);
        if (!payer) throw notFound('Payment approval');
        result = await deps.paymentProfiles.payCart(
          payer,
          decided.paymentType,
          {
            custNo: decided.custNo,
            currency: decided.currencyCode,
            paymentProfile: { id: decided.paymentProfileId },
            payments: lines.map((line) => ({
              invNo: line.invNo,
              payment: line.amount,
              ...(line.shortPayReason ? { shortPayReason: line.shortPayReason as never } : {}),
            })),
          },
          { origin, idempotencyKey: `approval-${approvalId}`, approvalId },
        );
      } catch (error) {
        await repository.reopen(db, approvalId).catch((reopenError: unknown) => {
          deps.logger.error({ err: reopenError, approvalId }, 'payment approval could not be reopened');
        });
        throw error;
      }
      await db.transaction(async (tx) => {
        if (result.paymentLogId) await repository.setPayment(tx, approvalId, Number(result.paymentLogId));
        await deps.activity.record(
          tx,
          session,
          entries(
            decided,
            lines.map((line) => line.invoiceId),
            'PAYMENT_APPROVAL_APPROVED',
          ),
        );
      });
      deps.background.run('payment approval emails', () => emails.decided(decided, result.status ?? null));
      return view(session, approvalId);
    },

    /** POST payment/approvals/{id}/reject: decides once, with the reason; the cart unlocks. */
    async reject(session: SessionContext, approvalId: number, reason: string): Promise<TPaymentApproval> {
      await requireDecidable(session, approvalId);
      const actor = actorOf(session);
      const decided = await db.transaction(async (tx) => {
        const row = await repository.decide(tx, approvalId, {
          status: 'REJECTED',
          decidedBy: session.userId,
          deciderName: actor.actorName,
          reason,
        });
        if (!row) throw alreadyDecided();
        const lines = await repository.findLines(tx, approvalId);
        await deps.activity.record(
          tx,
          session,
          entries(
            row,
            lines.map((line) => line.invoiceId),
            'PAYMENT_APPROVAL_REJECTED',
          ),
        );
        return row;
      });
      deps.background.run('payment approval emails', () => emails.decided(decided, null));
      return view(session, approvalId);
    },
  };
}
