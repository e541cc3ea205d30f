import {
  type TPaymentApproval,
  type TSubmitApprovalRequest,
  ZPaymentApproval,
} from '@settle/shared/payment-approvals';
import { apiRequest } from '../../../lib/api-client';

/** POST payment/approvals: the cart and a saved profile wait for a colleague's approval. */
export function submitApproval(body: TSubmitApprovalRequest): Promise<TPaymentApproval> {
  return apiRequest('/payment/approvals', {
    method: 'POST',
    body,
    showsOwnFailure: true,
    schema: ZPaymentApproval,
  });
}
