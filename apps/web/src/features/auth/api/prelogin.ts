import { type TPreloginResponse, ZPreloginResponse } from '@settle/shared/auth-steps';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';

/**
 * POST {api}/auth/prelogin: the body is the login name itself (the spec's form). The answer
 * says whether the tenant signs in elsewhere (sso, with the address to go to).
 */
export function prelogin(options: {
  loginName: string;
  solutionInstanceGuid?: string;
}): Promise<TPreloginResponse> {
  return apiRequest('/auth/prelogin', {
    method: 'POST',
    body: options.loginName,
    query: { solutionInstanceGuid: options.solutionInstanceGuid ?? getPublicConfig().solutionInstanceGuid },
    schema: ZPreloginResponse,
    sessionAware: false,
  });
}

export function usePrelogin() {
  return useMutation({ mutationFn: prelogin });
}
