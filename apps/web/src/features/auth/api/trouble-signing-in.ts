import type { TTroubleSigningInResponse } from '@settle/shared/auth-steps';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';
import { useRequest } from '../../../lib/use-request';

/**
 * POST {api}/auth/troubleSigningIn: the body is the upper-cased login name itself (the spec's
 * form). The answer is the same whether the login exists or not.
 */
export function troubleSigningIn(loginName: string): Promise<TTroubleSigningInResponse> {
  return apiRequest('/auth/troubleSigningIn', {
    method: 'POST',
    body: loginName.toUpperCase(),
    query: { solutionInstanceGuid: getPublicConfig().solutionInstanceGuid },
    // ZTroubleSigningInResponse without zod (the page loads before it).
    parse: (payload) => ((payload as { sent?: unknown } | null)?.sent === true ? { sent: true } : null),
    sessionAware: false,
    showsOwnFailure: true,
  });
}

export function useTroubleSigningIn() {
  return useRequest(troubleSigningIn);
}
