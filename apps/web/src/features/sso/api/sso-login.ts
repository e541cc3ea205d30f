import { type TUserData, ZUserData } from '@settle/shared/auth';
import type { TSsoLoginRequest } from '@settle/shared/sso';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST {api}/auth/ssologin: the provider's answer for the user data, as a password sign-in gives it. */
export function ssoLogin(request: TSsoLoginRequest): Promise<TUserData> {
  return apiRequest('/auth/ssologin', {
    method: 'POST',
    body: request,
    schema: ZUserData,
    // A 401 or 415 here is the answer of this sign-on, not the end of a session.
    sessionAware: false,
  });
}

export function useSsoLogin() {
  return useMutation({ mutationFn: ssoLogin });
}
