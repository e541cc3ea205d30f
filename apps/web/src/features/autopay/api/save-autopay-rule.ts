import { type TAutopayRuleRequest, ZAutopayRule } from '@settle/shared/autopay';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { autopayKeys } from './get-autopay-rules';

type SaveInput = { custNo: string; currency: string; body: TAutopayRuleRequest };

/** PUT payment/autopay/rules/{custNo}/{currency}: creates, replaces or resumes the rule. */
export function saveAutopayRule({ custNo, currency, body }: SaveInput) {
  return apiRequest(`/payment/autopay/rules/${encodeURIComponent(custNo)}/${encodeURIComponent(currency)}`, {
    method: 'PUT',
    body,
    schema: ZAutopayRule,
    showsOwnFailure: true,
  });
}

export function useSaveAutopayRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutopayRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autopayKeys.all }),
  });
}
