import { type TResendPinResponse, ZResendPinResponse } from '@settle/shared/auth-steps';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST {api}/auth/resendPin: a new code for the pending sign-in (one per 30 s, 5 per sign-in). */
export function resendPin(): Promise<TResendPinResponse> {
  return apiRequest('/auth/resendPin', {
    method: 'POST',
    schema: ZResendPinResponse,
    // Nobody is signed in yet: a 401 means the pending sign-in is gone, handled by the page.
    sessionAware: false,
  });
}

export function useResendPin() {
  return useMutation({ mutationFn: resendPin });
}
