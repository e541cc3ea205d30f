import { type TDispute, ZDispute } from '@settle/shared/disputes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const disputesRootKey = ['disputes'] as const;
export const disputeKey = (probNo: number) => [...disputesRootKey, 'one', probNo] as const;

export function getDispute(probNo: number, signal?: AbortSignal): Promise<TDispute> {
  return apiRequest(`/dispute/${probNo}`, { schema: ZDispute, signal });
}

/** GET {api}/dispute/{probNo}: one dispute with its lines, notes and attachments. */
export function useDispute(probNo: number) {
  return useQuery({ queryKey: disputeKey(probNo), queryFn: ({ signal }) => getDispute(probNo, signal) });
}
