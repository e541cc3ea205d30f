import { type TReasonCode, ZReasonCode } from '@settle/shared/disputes';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export function getReasonCodes(signal?: AbortSignal): Promise<TReasonCode[]> {
  return apiRequest('/dispute/reasonCodes', { schema: z.array(ZReasonCode), signal });
}

/** GET {api}/dispute/reasonCodes: the tenant's reasons, for the dropdowns. */
export function useReasonCodes() {
  return useQuery({
    queryKey: ['disputes', 'reasonCodes'],
    queryFn: ({ signal }) => getReasonCodes(signal),
    staleTime: 10 * 60_000,
  });
}
