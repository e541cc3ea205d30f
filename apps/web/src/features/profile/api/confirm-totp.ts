import { type TRecoveryCodes, ZRecoveryCodes } from '@settle/shared/second-factors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorsKey } from './get-second-factors';

/** POST {api}/user/secondFactors/totp/confirm: the app's first code; answers the recovery codes, once. */
export function confirmTotp(code: string): Promise<TRecoveryCodes> {
  return apiRequest('/user/secondFactors/totp/confirm', {
    method: 'POST',
    body: { code },
    schema: ZRecoveryCodes,
    showsOwnFailure: true,
  });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorsKey }),
  });
}
