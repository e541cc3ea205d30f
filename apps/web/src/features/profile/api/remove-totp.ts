import { type TSecondFactors, ZSecondFactors } from '@settle/shared/second-factors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorsKey } from './get-second-factors';

/** DELETE {api}/user/secondFactors/totp (refused for the last factor a tenant requires). */
export function removeTotp(): Promise<TSecondFactors> {
  return apiRequest('/user/secondFactors/totp', {
    method: 'DELETE',
    schema: ZSecondFactors,
    showsOwnFailure: true,
  });
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTotp,
    onSuccess: (status) => queryClient.setQueryData(secondFactorsKey, status),
  });
}
