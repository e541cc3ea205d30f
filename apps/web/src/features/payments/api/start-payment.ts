import { IDEMPOTENCY_KEY_HEADER, type TPaymentResult, ZPaymentResult } from '@settle/shared/payments';
import { apiRequest } from '../../../lib/api-client';
import type { CheckoutRequest, TEcheckAccount } from '../lib/checkout-request';

/**
 * Starts a payment: the hosted checkout (POST payment/hpp or hppOnAccount, answering the window's
 * address) or, with an e-check account, the local payment (POST payment/makePayment or
 * makePaymentOnAccount). The Idempotency-Key is the attempt's: a retry of the same attempt sends
 * the same key, so the server answers the first response again instead of charging twice.
 */
export function startPayment(options: {
  request: CheckoutRequest;
  idempotencyKey: string;
  paymentAccount?: TEcheckAccount;
}): Promise<TPaymentResult> {
  const { request, idempotencyKey, paymentAccount } = options;
  const base = { custNo: request.custNo, currency: request.currency };
  const body =
    request.flow === 'cart'
      ? { ...base, payments: request.payments }
      : { ...base, amount: request.amount, note: request.note, contractNumber: request.contractNumber };
  const action =
    request.flow === 'cart'
      ? paymentAccount
        ? 'makePayment'
        : 'hpp'
      : paymentAccount
        ? 'makePaymentOnAccount'
        : 'hppOnAccount';
  return apiRequest(`/payment/${action}/${request.paymentType}`, {
    method: 'POST',
    body: paymentAccount ? { ...body, paymentAccount } : body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    // Its failures are told by the checkout itself (the spec's secure-checkout message, or a retry).
    showsOwnFailure: true,
    schema: ZPaymentResult,
  });
}
