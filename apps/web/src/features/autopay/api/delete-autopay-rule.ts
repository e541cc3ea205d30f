import { ZAutopayAnswer } from '@settle/shared/autopay';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { autopayKeys } from './get-autopay-rules';

/** DELETE payment/autopay/rules/{custNo}/{currency}: turns autopay off (its log stays). */
export function deleteAutopayRule({ custNo, currency }: { custNo: string; currency: string }) {
  return apiRequest(`/payment/autopay/rules/${encodeURIComponent(custNo)}/${encodeURIComponent(currency)}`, {
    method: 'DELETE',
    schema: ZAutopayAnswer,
    showsOwnFailure: true,
  });
}

export function useDeleteAutopayRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAutopayRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autopayKeys.all }),
  });
}
