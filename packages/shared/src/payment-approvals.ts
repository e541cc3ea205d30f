import { z } from 'zod';
import { ZCurrencyCode, ZCustNo } from './accounts';
import { ZSilentCartRequest } from './payment-profiles';
import { PAYMENT_TYPES, ZPaymentType } from './payments';

/**
 * Approval before paying (issue 18). A tenant may require, per customer and currency, that a cart
 * payment above an amount is approved by a second user of the customer who is an approver. Call paths
 * (under {api}):
 * - GET  payment/approvals/policy?custNo=&currency=                -> ZApprovalPolicy
 * - POST payment/approvals   body ZSubmitApprovalRequest            -> ZPaymentApproval (PENDING; the cart locks)
 * - GET  payment/approvals?custNo=                                  -> ZPaymentApprovalList
 * - GET  payment/approvals/count                                    -> ZApprovalCount (to decide, all customers)
 * - POST payment/approvals/{approvalId}/approve                     -> ZPaymentApproval (the payment ran, once)
 * - POST payment/approvals/{approvalId}/reject  body ZRejectApprovalRequest -> ZPaymentApproval (the cart unlocks)
 * A submitted payment pays with a saved profile of the submitter (card or bank account): the approver's
 * approval runs the same silent payment, exactly once, with no window to open.
 */

export const APPROVAL_MESSAGES = {
  approvalRequired: 'Payments above {0} need the approval of a colleague: submit the cart for approval.',
  onAccountAboveThreshold: 'Payments on account above {0} need approval: pay them from the cart.',
  notRequired: 'This payment does not need approval: pay it directly.',
  cartLocked:
    'This cart is waiting for approval: it cannot change until the payment is approved or rejected.',
  awaitingApproval: 'An invoice of this payment is waiting for approval in a submitted cart.',
  alreadyPending: 'This cart is already waiting for approval.',
  selfApproval: 'You cannot approve or reject your own payment.',
  notApprover: 'You are not an approver of this customer.',
  alreadyDecided: 'This payment was already approved or rejected.',
  noApprover: 'No other user of this customer can approve payments. Ask your administrator.',
  reasonRequired: 'Give a reason for the rejection.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  cartDiffers: 'The cart changed: submit what the cart holds.',
} as const;

export const APPROVAL_REASON_MAX = 500;

export const ZApprovalPolicyQuery = z.object({ custNo: ZCustNo, currency: ZCurrencyCode });

export const ZApprovalPolicy = z
  .object({
    custNo: z.string(),
    currencyCode: z.string(),
    required: z.boolean().meta({ description: 'Whether a threshold applies to this customer and currency' }),
    threshold: z.string().nullable().meta({ description: 'Cart payments above this amount need approval' }),
    approver: z.boolean().meta({ description: 'Whether the caller approves payments of this customer' }),
    pendingApprovalId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The caller's cart of this customer and currency waiting for approval, if any" }),
  })
  .meta({ id: 'ApprovalPolicy' });
export type TApprovalPolicy = z.infer<typeof ZApprovalPolicy>;

/** The cart's lines and the submitter's saved profile, as for makeSilentPayment, plus the payment type. */
export const ZSubmitApprovalRequest = ZSilentCartRequest.extend({ paymentType: ZPaymentType });
export type TSubmitApprovalRequest = z.input<typeof ZSubmitApprovalRequest>;

export const ZApprovalIdParams = z.object({ approvalId: z.coerce.number().int().positive() });

export const ZRejectApprovalRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, APPROVAL_MESSAGES.reasonRequired)
    .max(APPROVAL_REASON_MAX, APPROVAL_MESSAGES.reasonTooLong),
});

export const ZApprovalListQuery = z.object({ custNo: ZCustNo.optional() });

export const ZPaymentApproval = z
  .object({
    id: z.number().int(),
    custNo: z.string(),
    company: z.string(),
    currencyCode: z.string(),
    status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
    amount: z.string(),
    paymentType: z.enum(PAYMENT_TYPES),
    profileLabel: z
      .string()
      .meta({ description: 'The saved profile, masked (brand and last 4, or bank ****1234)' }),
    requestedBy: z.string(),
    requestedAt: z.string(),
    mine: z.boolean().meta({ description: 'Submitted by the caller' }),
    canDecide: z.boolean().meta({ description: 'The caller may approve or reject it' }),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    reason: z.string().nullable(),
    paymentLogId: z.number().int().nullable(),
    paymentStatus: z.string().nullable(),
    invoices: z.array(z.object({ invNo: z.string(), amount: z.string() })),
  })
  .meta({ id: 'PaymentApproval' });
export type TPaymentApproval = z.infer<typeof ZPaymentApproval>;

export const ZPaymentApprovalList = z
  .object({ approvals: z.array(ZPaymentApproval) })
  .meta({ id: 'PaymentApprovalList' });
export type TPaymentApprovalList = z.infer<typeof ZPaymentApprovalList>;

export const ZApprovalCount = z
  .object({ toDecide: z.number().int().meta({ description: 'Pending approvals the caller may decide' }) })
  .meta({ id: 'ApprovalCount' });
export type TApprovalCount = z.infer<typeof ZApprovalCount>;
