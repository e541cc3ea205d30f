import { PAYMENT_MESSAGES, type TPaymentResult, type TPaymentStatus } from '@settle/shared/payments';

export type TerminalStatus = Exclude<TPaymentStatus, 'PENDING'>;

export function isTerminal(status: TPaymentStatus | null | undefined): status is TerminalStatus {
  return status === 'SUCCESS' || status === 'ERROR' || status === 'FAILURE' || status === 'CANCELLED';
}

/**
 * The spec's failure wording, as a key of the payments namespace: Declined, an incorrect card
 * expiry date, else "Payment failed. Please contact system administrator."
 */
export function failureMessageKey(result: Pick<TPaymentResult, 'status' | 'responseText'>): string | null {
  if (result.status === 'SUCCESS' || result.status === 'CANCELLED' || result.status === 'PENDING')
    return null;
  const text = (result.responseText ?? '').trim();
  if (text.toLowerCase() === PAYMENT_MESSAGES.declined.toLowerCase()) return 'outcome.declined';
  if (text === 'ExpirationDateIncorrect' || text === PAYMENT_MESSAGES.expirationDateIncorrect)
    return 'outcome.expirationDateIncorrect';
  return 'outcome.failed';
}
