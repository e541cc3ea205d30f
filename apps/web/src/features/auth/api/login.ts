import type { TLoginRequest } from '@settle/shared/auth';
import { type TLoginResponse, ZLoginResponse } from '@settle/shared/auth-steps';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';

/**
 * POST {api}/auth/login: the password step, and (with pinCode) the code step. The answer is
 * the user data, or { pinRequired } when a code was texted and the PIN page follows.
 */
export function login(request: TLoginRequest): Promise<TLoginResponse> {
  return apiRequest('/auth/login', {
    method: 'POST',
    body: request,
    query: { solutionInstanceGuid: getPublicConfig().solutionInstanceGuid },
    schema: ZLoginResponse,
    // A 401 here means a wrong password or code, not an ended session.
    sessionAware: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
