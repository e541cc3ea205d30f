import { type TActivationRequest, ZPasswordResetResponse } from '@settle/shared/account-setup';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type TResetBody = Omit<TActivationRequest, 'reset'>;
type TPasswordResetAnswer = z.infer<typeof ZPasswordResetResponse>;

/** POST {api}/user/resetPassword: the activation body with reset Y; it does not sign in. */
export function resetPassword(request: TResetBody): Promise<TPasswordResetAnswer> {
  return apiRequest('/user/resetPassword', {
    method: 'POST',
    body: { ...request, reset: 'Y' },
    schema: ZPasswordResetResponse,
    sessionAware: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
