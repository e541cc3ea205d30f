import { type TUpdateProfileRequest, ZProfileAnswer } from '@settle/shared/payment-profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentProfileKeys } from './get-payment-profiles';

/** POST payment/updateProfile: alias and expiry of a card, alias and name of a bank account. */
export function updatePaymentProfile(body: TUpdateProfileRequest) {
  return apiRequest('/payment/updateProfile', {
    method: 'POST',
    body,
    schema: ZProfileAnswer,
    showsOwnFailure: true,
  });
}

export function useUpdatePaymentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentProfileKeys.all }),
  });
}
