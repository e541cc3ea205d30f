import { type TPaymentApproval, ZPaymentApproval } from '@settle/shared/payment-approvals';
import { apiRequest } from '../../../lib/api-client';

/** POST payment/approvals/{id}/approve (the payment runs) or /reject with a reason. */
export function decideApproval(
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TPaymentApproval> {
  return apiRequest(`/payment/approvals/${id}/${decision.approve ? 'approve' : 'reject'}`, {
    method: 'POST',
    body: decision.approve ? undefined : { reason: decision.reason },
    showsOwnFailure: true,
    schema: ZPaymentApproval,
  });
}
