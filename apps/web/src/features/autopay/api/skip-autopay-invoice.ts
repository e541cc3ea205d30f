import { ZAutopayAnswer } from '@settle/shared/autopay';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { autopayKeys } from './get-autopay-rules';

/** POST payment/autopay/skip: autopay leaves this invoice for a person. */
export function skipAutopayInvoice(body: { custNo: string; currency: string; invNo: string }) {
  return apiRequest('/payment/autopay/skip', {
    method: 'POST',
    body,
    schema: ZAutopayAnswer,
    showsOwnFailure: true,
  });
}

export function useSkipAutopayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipAutopayInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autopayKeys.all }),
  });
}
