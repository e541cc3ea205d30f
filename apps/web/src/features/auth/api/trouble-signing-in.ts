import { type TTroubleSigningInResponse, ZTroubleSigningInResponse } from '@settle/shared/auth-steps';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';

/**
 * POST {api}/auth/troubleSigningIn: the body is the upper-cased login name itself (the spec's
 * form). The answer is the same whether the login exists or not.
 */
export function troubleSigningIn(loginName: string): Promise<TTroubleSigningInResponse> {
  return apiRequest('/auth/troubleSigningIn', {
    method: 'POST',
    body: loginName.toUpperCase(),
    query: { solutionInstanceGuid: getPublicConfig().solutionInstanceGuid },
    schema: ZTroubleSigningInResponse,
    sessionAware: false,
  });
}

export function useTroubleSigningIn() {
  return useMutation({ mutationFn: troubleSigningIn });
}
