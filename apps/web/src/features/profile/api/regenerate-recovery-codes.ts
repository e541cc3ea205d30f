import { type TRecoveryCodes, ZRecoveryCodes } from '@settle/shared/second-factors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorsKey } from './get-second-factors';

/** POST {api}/user/secondFactors/recoveryCodes: 10 new codes; the old ones stop working. */
export function regenerateRecoveryCodes(): Promise<TRecoveryCodes> {
  return apiRequest('/user/secondFactors/recoveryCodes', {
    method: 'POST',
    schema: ZRecoveryCodes,
    showsOwnFailure: true,
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorsKey }),
  });
}
