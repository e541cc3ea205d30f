import type { TActivationRequest } from '@settle/shared/account-setup';
import { type TLoginResponse, ZLoginResponse } from '@settle/shared/auth-steps';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type TActivationBody = Omit<TActivationRequest, 'reset'>;

/**
 * POST {api}/user/activation: the first password, then a sign-in. The answer is the login's:
 * the user data, or { pinRequired } when a code step follows.
 */
export function activate(request: TActivationBody): Promise<TLoginResponse> {
  return apiRequest('/user/activation', {
    method: 'POST',
    body: { ...request, reset: 'N' },
    schema: ZLoginResponse,
    // A 401 here is a sign-in answer (a code step that cannot start), not an ended session.
    sessionAware: false,
  });
}

export function useActivate() {
  return useMutation({ mutationFn: activate });
}
