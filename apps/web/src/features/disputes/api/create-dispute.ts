import { type TDispute, type TDisputeCreateRequest, ZDispute } from '@settle/shared/disputes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST {api}/dispute/0: a new dispute, by line item or by amount, on an invoice or the customer. */
export function createDispute(request: TDisputeCreateRequest): Promise<TDispute> {
  return apiRequest('/dispute/0', { method: 'POST', body: request, schema: ZDispute });
}

/**
 * The invoice's disputed amount changes with it, so every cached invoice, dispute and
 * activity query is refreshed: the list the user returns to shows the new dispute.
 */
export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDispute,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
