import { ZVerifyUserAsInactiveResponse } from '@settle/shared/account-setup';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type TVerifyUserAsInactiveRequest = { encryptedCompanyId: string; namedUser: string };
type TVerifyUserAsInactiveAnswer = z.infer<typeof ZVerifyUserAsInactiveResponse>;

/** POST {api}/user/verifyUserAsInactive: 200 while the account waits for activation, 406 once active. */
export function verifyUserAsInactive(
  request: TVerifyUserAsInactiveRequest,
  signal?: AbortSignal,
): Promise<TVerifyUserAsInactiveAnswer> {
  return apiRequest('/user/verifyUserAsInactive', {
    method: 'POST',
    body: request,
    schema: ZVerifyUserAsInactiveResponse,
    signal,
    sessionAware: false,
  });
}

/** A check, not a change: asked once when the activation page opens. */
export function useVerifyUserAsInactive(request: TVerifyUserAsInactiveRequest | null) {
  return useQuery({
    queryKey: ['account-setup', 'inactive', request?.encryptedCompanyId, request?.namedUser],
    queryFn: ({ signal }) => verifyUserAsInactive(request as TVerifyUserAsInactiveRequest, signal),
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
