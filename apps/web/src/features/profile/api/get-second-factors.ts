import { type TSecondFactors, ZSecondFactors } from '@settle/shared/second-factors';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const secondFactorsKey = ['user', 'secondFactors'] as const;

/** GET {api}/user/secondFactors: the app, passkeys and recovery codes left, and the tenant's policy. */
export function getSecondFactors(signal?: AbortSignal): Promise<TSecondFactors> {
  return apiRequest('/user/secondFactors', { schema: ZSecondFactors, signal, showsOwnFailure: true });
}

export function useSecondFactors() {
  return useQuery({ queryKey: secondFactorsKey, queryFn: ({ signal }) => getSecondFactors(signal) });
}
