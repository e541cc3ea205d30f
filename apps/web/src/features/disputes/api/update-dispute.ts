import { type TDispute, type TDisputeUpdateRequest, ZDispute } from '@settle/shared/disputes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { disputeKey } from './get-dispute';

/** PUT {api}/dispute/{probNo}: a new note and/or more attachments. */
export function updateDispute(probNo: number, request: TDisputeUpdateRequest): Promise<TDispute> {
  return apiRequest(`/dispute/${probNo}`, { method: 'PUT', body: request, schema: ZDispute });
}

export function useUpdateDispute(probNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TDisputeUpdateRequest) => updateDispute(probNo, request),
    onSuccess: async (dispute) => {
      queryClient.setQueryData(disputeKey(probNo), dispute);
      // The invoice's timeline and the grids' notes change too.
      await queryClient.invalidateQueries();
    },
  });
}
