import { type TAddProfileRequest, ZAddProfileAnswer } from '@settle/shared/payment-profiles';
import { apiRequest } from '../../../lib/api-client';

/** POST payment/add/: a bank account is saved at once; a card answers the provider's save-card page. */
export function addPaymentProfile(body: TAddProfileRequest) {
  return apiRequest('/payment/add/', {
    method: 'POST',
    body,
    schema: ZAddProfileAnswer,
    showsOwnFailure: true,
  });
}

/** GET payment/add/status/{reference}: success once the provider has the card. */
export function getAddStatus(reference: string) {
  return apiRequest(`/payment/add/status/${encodeURIComponent(reference)}`, { schema: ZAddProfileAnswer });
}
