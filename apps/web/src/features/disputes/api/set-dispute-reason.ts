import { ZDisputeReason } from '@settle/shared/disputes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { disputeKey } from './get-dispute';

export type TDisputeReason = z.infer<typeof ZDisputeReason>;

/** PUT {api}/dispute/{id}/reason (needs TR_USER.ALLOW_PROB). */
export function setDisputeReason(id: number, reasonCode: string): Promise<TDisputeReason> {
  return apiRequest(`/dispute/${id}/reason`, { method: 'PUT', body: { reasonCode }, schema: ZDisputeReason });
}

export function useSetDisputeReason(options: { id: number; probNo: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reasonCode: string) => setDisputeReason(options.id, reasonCode),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: disputeKey(options.probNo) }),
  });
}
