import type { TPaymentResult, TPaymentSummary } from '@settle/shared/payments';
import type * as repository from './payments.repository';

/** The spec's payment result for a payment as stored (redirect data is added by the start). */
export function toPaymentResult(payment: repository.PaymentRow): TPaymentResult {
  return {
    paymentProcessorDecision: payment.status,
    responseText: payment.responseText,
    trackingNo: payment.trackingNo,
    authCode: payment.authCode,
    paymentLogId: payment.id,
    extTranRefId: payment.extTranRefId,
    status: payment.status,
    serviceMethod: null,
    serviceURL: null,
    templateProperties: null,
    pollStatus: payment.status === 'PENDING',
  };
}

const HISTORY_EVENTS = new Set<TPaymentSummary['history'][number]['event']>([
  'STARTED',
  'PENDING',
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
  'NOTIFICATION_RECEIVED',
  'STATUS_QUERIED',
]);

export function toPaymentSummary(
  payment: repository.PaymentRow,
  lines: Array<{ invNo: string; amount: string; shortPayReason: string | null }>,
  events: Array<{ event: string; detail: string | null; at: Date }>,
): TPaymentSummary {
  return {
    paymentLogId: payment.id,
    extTranRefId: payment.extTranRefId,
    custNo: payment.custNo,
    currencyCode: payment.currencyCode,
    paymentDecision: payment.status,
    responseText: payment.responseText,
    methodType: payment.methodType,
    paymentType: payment.paymentType,
    transactionType: payment.flow === 'cart' ? 'INVOICES' : 'ON_ACCOUNT',
    amount: payment.amount,
    convenienceFeeAmount: payment.fee,
    totalCharged: payment.total,
    accountMasked: payment.accountMasked,
    trackingNo: payment.trackingNo,
    authCode: payment.authCode,
    note: payment.note,
    contractNumber: payment.contractNumber,
    createdAt: payment.createdAt.toISOString(),
    settledAt: payment.settledAt?.toISOString() ?? null,
    paymentDetailLogViews:
      payment.flow === 'cart'
        ? lines.map((line) => ({
            invNo: line.invNo,
            amount: line.amount,
            currCode: payment.currencyCode,
            shortPayReason: line.shortPayReason,
          }))
        : [],
    history: events
      .filter((event) => HISTORY_EVENTS.has(event.event as never))
      .map((event) => ({
        at: event.at.toISOString(),
        event: event.event as TPaymentSummary['history'][number]['event'],
        detail: event.detail,
      })),
  };
}
