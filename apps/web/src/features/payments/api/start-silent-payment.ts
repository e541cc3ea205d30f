import { IDEMPOTENCY_KEY_HEADER, type TPaymentResult, ZPaymentResult } from '@settle/shared/payments';
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutRequest } from '../lib/checkout-request';

/**
 * Pays with a saved profile, without a window: POST payment/makeSilentPayment or makeOnActSilentPayment.
 * The Idempotency-Key is the click's, so a repeated send is answered with the first answer.
 */
export function startSilentPayment(options: {
  request: CheckoutRequest;
  paymentProfileId: number;
  idempotencyKey: string;
}): Promise<TPaymentResult> {
  const { request, paymentProfileId, idempotencyKey } = options;
  const base = {
    custNo: request.custNo,
    currency: request.currency,
    paymentProfile: { id: paymentProfileId },
  };
  const body =
    request.flow === 'cart'
      ? { ...base, payments: request.payments }
      : { ...base, amount: request.amount, note: request.note, contractNumber: request.contractNumber };
  const action = request.flow === 'cart' ? 'makeSilentPayment' : 'makeOnActSilentPayment';
  return apiRequest(`/payment/${action}/${request.paymentType}`, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    showsOwnFailure: true,
    schema: ZPaymentResult,
  });
}
