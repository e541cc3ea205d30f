import { toMinorUnits } from '../money';
import { hasPrivilege, Privilege } from '../privileges';

/** What the action rules need to know about an invoice. */
export type InvoiceFacts = {
  status: 'O' | 'C';
  balance: string;
  disputeAmount: string;
  paymentPending: boolean;
  promise: boolean;
  inCart: boolean;
};

export type RuleResult = { allowed: true } | { allowed: false; reason: RefusalReason };

/** Reason codes; the web translates `invoices.refusal.<code>` and the server sends the catalogue's message. */
export type RefusalReason =
  | 'NO_PERMISSION'
  | 'NO_CREDIT_ADJ_PERMISSION'
  | 'NO_DISPUTE_VIEW_PERMISSION'
  | 'CLOSED'
  | 'ZERO_BALANCE'
  | 'CREDIT'
  | 'FULLY_DISPUTED'
  | 'PAYMENT_PENDING'
  | 'IN_CART'
  | 'PROMISED'
  | 'NOT_PROMISED';

const allow: RuleResult = { allowed: true };
const refuse = (reason: RefusalReason): RuleResult => ({ allowed: false, reason });

export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  NO_PERMISSION: 'You do not have permission for this action.',
  NO_CREDIT_ADJ_PERMISSION: 'No permission provided for credit adjustment.',
  NO_DISPUTE_VIEW_PERMISSION: 'No permission to pay disputed invoices.',
  CLOSED: 'Only open invoices allow this action.',
  ZERO_BALANCE: 'The invoice has no balance.',
  CREDIT: 'A credit cannot be disputed.',
  FULLY_DISPUTED: 'The whole balance is disputed.',
  PAYMENT_PENDING: 'A payment is pending for this invoice.',
  IN_CART: 'The invoice is in the payment cart.',
  PROMISED: 'The invoice is already promised.',
  NOT_PROMISED: 'The invoice is not promised.',
};

/**
 * Add to cart: the user may pay; open; the balance is nonzero and not fully disputed;
 * not in the cart yet. A credit (balance <= 0) also needs the credit-adjustment privilege,
 * and an invoice with a disputed amount the dispute-view privilege. An invoice with a
 * payment pending is refused too, so that nobody pays it twice.
 */
export function canAddToCart(invoice: InvoiceFacts, roles: readonly string[]): RuleResult {
  if (!hasPrivilege(roles, Privilege.ALLOW_PAY)) return refuse('NO_PERMISSION');
  if (invoice.status !== 'O') return refuse('CLOSED');
  const balance = toMinorUnits(invoice.balance);
  const disputed = toMinorUnits(invoice.disputeAmount);
  if (balance === 0) return refuse('ZERO_BALANCE');
  if (balance > 0 && disputed >= balance) return refuse('FULLY_DISPUTED');
  if (invoice.inCart) return refuse('IN_CART');
  if (invoice.paymentPending) return refuse('PAYMENT_PENDING');
  if (balance <= 0 && !hasPrivilege(roles, Privilege.ALLOW_CREDIT_ADJ))
    return refuse('NO_CREDIT_ADJ_PERMISSION');
  if (disputed > 0 && !hasPrivilege(roles, Privilege.ALLOW_PROB_VIEW))
    return refuse('NO_DISPUTE_VIEW_PERMISSION');
  return allow;
}

/** Promise: not on zero-amount invoices, with a payment pending, in the cart, or already promised. */
export function canPromise(invoice: InvoiceFacts, roles: readonly string[]): RuleResult {
  if (!hasPrivilege(roles, Privilege.ALLOW_PROMISE_TO_PAY)) return refuse('NO_PERMISSION');
  if (invoice.status !== 'O') return refuse('CLOSED');
  if (toMinorUnits(invoice.balance) === 0) return refuse('ZERO_BALANCE');
  if (invoice.paymentPending) return refuse('PAYMENT_PENDING');
  if (invoice.inCart) return refuse('IN_CART');
  if (invoice.promise) return refuse('PROMISED');
  return allow;
}

/** Remove a promise: only promised invoices with no payment pending and not in the cart. */
export function canRemovePromise(invoice: InvoiceFacts, roles: readonly string[]): RuleResult {
  if (!hasPrivilege(roles, Privilege.ALLOW_PROMISE_TO_PAY)) return refuse('NO_PERMISSION');
  if (invoice.status !== 'O') return refuse('CLOSED');
  if (!invoice.promise) return refuse('NOT_PROMISED');
  if (invoice.paymentPending) return refuse('PAYMENT_PENDING');
  if (invoice.inCart) return refuse('IN_CART');
  return allow;
}

/**
 * The dispute button: amount over 0, no payment pending, not promised, not in the cart. A credit
 * (negative balance) is refused as a credit, not as "no balance": the user sees its amount.
 */
export function canDispute(invoice: InvoiceFacts, roles: readonly string[]): RuleResult {
  if (!hasPrivilege(roles, Privilege.ALLOW_PROB)) return refuse('NO_PERMISSION');
  if (invoice.status !== 'O') return refuse('CLOSED');
  const balance = toMinorUnits(invoice.balance);
  if (balance === 0) return refuse('ZERO_BALANCE');
  if (balance < 0) return refuse('CREDIT');
  if (invoice.paymentPending) return refuse('PAYMENT_PENDING');
  if (invoice.promise) return refuse('PROMISED');
  if (invoice.inCart) return refuse('IN_CART');
  return allow;
}

/** The cart's payment amount: balance minus disputed, to 2 decimals (in cents). */
export function cartPaymentMinor(invoice: { balance: string; disputeAmount: string }): number {
  return toMinorUnits(invoice.balance) - toMinorUnits(invoice.disputeAmount);
}

/** The row's facts from the contract's text flags. */
export function invoiceFacts(row: {
  status: 'O' | 'C';
  balance: string;
  disputeAmount: string;
  paymentPending: 'true' | 'false';
  promise: 'true' | 'false';
  inCart: boolean;
}): InvoiceFacts {
  return {
    status: row.status,
    balance: row.balance,
    disputeAmount: row.disputeAmount,
    paymentPending: row.paymentPending === 'true',
    promise: row.promise === 'true',
    inCart: row.inCart,
  };
}
