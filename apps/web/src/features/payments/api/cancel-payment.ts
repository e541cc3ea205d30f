import { type TPaymentResult, ZPaymentResult } from '@settle/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST {api}/payment/log/cancel/{extTranRefId}/{custNo}: gives up a checkout whose window was
 * closed by hand, so that its invoices are free again. The answer is the payment as it ends:
 * CANCELLED, or the outcome the payer reached just before the window closed.
 */
export function cancelPayment(extTranRefId: string, custNo: string): Promise<TPaymentResult> {
  return apiRequest(`/payment/log/cancel/${encodeURIComponent(extTranRefId)}/${encodeURIComponent(custNo)}`, {
    method: 'POST',
    schema: ZPaymentResult,
    showsOwnFailure: true,
  });
}
