import { ZProfileAnswer } from '@settle/shared/payment-profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentProfileKeys } from './get-payment-profiles';

/** PUT payment/delete?paymentProfileId= */
export function deletePaymentProfile(paymentProfileId: number) {
  return apiRequest('/payment/delete', {
    method: 'PUT',
    query: { paymentProfileId: String(paymentProfileId) },
    schema: ZProfileAnswer,
    showsOwnFailure: true,
  });
}

export function useDeletePaymentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentProfileKeys.all }),
  });
}
