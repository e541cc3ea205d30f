import { type TSecondFactors, ZSecondFactors } from '@settle/shared/second-factors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorsKey } from './get-second-factors';

/** DELETE {api}/user/secondFactors/passkeys/{passkeyId} (refused for the last factor a tenant requires). */
export function removePasskey(passkeyId: number): Promise<TSecondFactors> {
  return apiRequest(`/user/secondFactors/passkeys/${passkeyId}`, {
    method: 'DELETE',
    schema: ZSecondFactors,
    showsOwnFailure: true,
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: (status) => queryClient.setQueryData(secondFactorsKey, status),
  });
}
