import type { TActivityKind } from '@settle/shared/activity';
import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import { maskAccountNumber, type TPaymentStatus } from '@settle/shared/payments';
import type { GatewayOutcome, GatewayPaymentStatus } from '../../adapters/payments/payment-gateway';
import type { Db } from '../../db/client';
import type { ActivityService } from '../activity/activity.service';
import type { CartService } from '../cart/cart.service';
import type { InvoicesService } from '../invoices/invoices.service';
import * as repository from './payments.repository';

/** Where Settle learnt an outcome: the history says so. */
export type OutcomeSource =
  | 'NOTIFICATION'
  | 'STATUS_QUERY'
  | 'LOCAL'
  | 'CHECKOUT'
  | 'RECOVERY'
  | 'SAVED_CARD';

export type SettledPayment = { payment: repository.PaymentRow; changed: boolean };

/** The provider's outcome as the spec's status and responseText (Declined, ExpirationDateIncorrect). */
export function statusOf(outcome: GatewayOutcome): { status: TPaymentStatus; responseText: string | null } {
  switch (outcome) {
    case 'SUCCESS':
      return { status: 'SUCCESS', responseText: 'Approved' };
    case 'PENDING':
      return { status: 'PENDING', responseText: null };
    case 'DECLINED':
      return { status: 'FAILURE', responseText: 'Declined' };
    case 'EXPIRATION_DATE_INCORRECT':
      return { status: 'FAILURE', responseText: 'ExpirationDateIncorrect' };
    case 'CANCELLED':
      return { status: 'CANCELLED', responseText: 'Cancelled' };
    default:
      return { status: 'ERROR', responseText: 'Failed' };
  }
}

const EVENT_OF: Record<Exclude<TPaymentStatus, 'PENDING'>, string> = {
  SUCCESS: 'SUCCEEDED',
  FAILURE: 'FAILED',
  ERROR: 'FAILED',
  CANCELLED: 'CANCELLED',
};

const ACTIVITY_OF: Record<Exclude<TPaymentStatus, 'PENDING'>, TActivityKind> = {
  SUCCESS: 'PAYMENT_SUCCEEDED',
  FAILURE: 'PAYMENT_FAILED',
  ERROR: 'PAYMENT_FAILED',
  CANCELLED: 'PAYMENT_CANCELLED',
};

export type OutcomeDeps = {
  invoices: InvoicesService;
  cart: CartService;
  activity: ActivityService;
  logger: {
    warn: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
};

/**
 * Applies a provider's answer to a locked PENDING payment, inside the caller's transaction:
 * success moves the money on the invoices (balance down, paid up, closed when nothing is left)
 * and empties those lines from the payer's cart; any other end releases the invoices. A
 * payment that is no longer PENDING is left exactly as it is (a late, repeated or out-of-order
 * answer changes nothing), and so is one still PENDING at the provider.
 */
export async function applyOutcome(
  tx: Db,
  deps: OutcomeDeps,
  payment: repository.PaymentRow,
  answer: Pick<GatewayPaymentStatus, 'outcome' | 'responseText' | 'trackingNo' | 'authCode' | 'last4'> & {
    amountMinor?: number;
    currency?: string;
  },
  source: OutcomeSource,
): Promise<SettledPayment> {
  if (payment.status !== 'PENDING') return { payment, changed: false };
  if (answer.outcome === 'PENDING') return { payment, changed: false };

  let { status, responseText } = statusOf(answer.outcome);
  if (answer.responseText && status !== 'SUCCESS') responseText = answer.responseText;
  const totalMinor = toMinorUnits(payment.total);
  if (
    status === 'SUCCESS' &&
    ((answer.amountMinor !== undefined && answer.amountMinor !== totalMinor) ||
      (answer.currency !== undefined && answer.currency.toUpperCase() !== payment.currencyCode))
  ) {
    // Never book money that differs from what was asked: an operator must look at it.
    deps.logger.error(
      { extTranRefId: payment.extTranRefId, expected: totalMinor, got: answer.amountMinor },
      'payment amount or currency differs from the provider: marked ERROR',
    );
    status = 'ERROR';
    responseText = 'AmountMismatch';
  }
  const final = status as Exclude<TPaymentStatus, 'PENDING'>;

  const lines = await repository.findLines(tx, payment.id);
  await repository.landLines(tx, payment.id);
  for (const line of lines) {
    if (final === 'SUCCESS') await deps.invoices.applyPayment(tx, line.invoiceId, line.amount);
    else
      await deps.invoices.addPendingPayment(tx, line.invoiceId, fromMinorUnits(-toMinorUnits(line.amount)));
  }
  if (final === 'SUCCESS' && payment.flow === 'cart' && payment.userId !== null) {
    await deps.cart.removePaid(
      tx,
      { userId: payment.userId, customerId: payment.customerId },
      lines.map((line) => line.invoiceId),
    );
  }
  const updates: Partial<repository.NewPayment> = {
    status: final,
    responseText,
    trackingNo: answer.trackingNo ?? payment.trackingNo,
    authCode: answer.authCode ?? payment.authCode,
    settledAt: new Date(),
  };
  if (answer.last4 && !payment.accountMasked)
    updates.accountMasked = maskAccountNumber(`************${answer.last4}`);
  await repository.updatePayment(tx, payment.id, updates);
  await repository.insertEvent(
    tx,
    payment.id,
    EVENT_OF[final],
    `${source}${responseText ? `: ${responseText}` : ''}`,
  );
  await deps.activity.recordAs(
    tx,
    { actorId: payment.userId, actorName: payment.payerName },
    lines.map((line) => ({
      tenantId: payment.tenantId,
      customerId: payment.customerId,
      invoiceId: line.invoiceId,
      kind: ACTIVITY_OF[final],
      details: { paymentLogId: String(payment.id), amount: line.amount, status: final },
    })),
  );
  const updated = await repository.findById(tx, payment.id);
  return { payment: updated ?? payment, changed: true };
}
