import type { TPreloginResponse } from '@settle/shared/auth-steps';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';
import { useRequest } from '../../../lib/use-request';

/** ZPreloginResponse without zod (the login page loads before it). */
export function readPreloginResponse(payload: unknown): TPreloginResponse | null {
  const answer = payload as Partial<TPreloginResponse> | null;
  if (typeof answer !== 'object' || answer === null) return null;
  if (typeof answer.key !== 'string' || typeof answer.sso !== 'boolean') return null;
  if (answer.pincodeMethod !== 'SMS' && answer.pincodeMethod !== 'NONE') return null;
  if (answer.ssoLoginUrl !== undefined && typeof answer.ssoLoginUrl !== 'string') return null;
  return answer as TPreloginResponse;
}

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
    parse: readPreloginResponse,
    sessionAware: false,
    showsOwnFailure: true,
  });
}

export function usePrelogin() {
  return useRequest(prelogin);
}
