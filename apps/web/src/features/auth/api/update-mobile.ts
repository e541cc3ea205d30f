import type { TUpdateMobileRequest, TUpdateMobileResponse } from '@settle/shared/auth-steps';
import { apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/** ZUpdateMobileResponse without zod (the sign-in pages load before it). */
export function readUpdateMobileResponse(payload: unknown): TUpdateMobileResponse | null {
  const answer = payload as Partial<TUpdateMobileResponse> | null;
  if (typeof answer !== 'object' || answer === null) return null;
  if (answer.saved !== true || typeof answer.pinSent !== 'boolean') return null;
  if (answer.maskedMobile !== undefined && typeof answer.maskedMobile !== 'string') return null;
  return answer as TUpdateMobileResponse;
}

/** POST {api}/auth/updateMobile: the mobile number of a user who has none, then the code is texted to it. */
export function updateMobile(request: TUpdateMobileRequest): Promise<TUpdateMobileResponse> {
  return apiRequest('/auth/updateMobile', {
    method: 'POST',
    body: request,
    parse: readUpdateMobileResponse,
    // Nobody is signed in yet: a 401 means the pending sign-in is gone, handled by the page.
    sessionAware: false,
    showsOwnFailure: true,
  });
}

export function useUpdateMobile() {
  return useRequest(updateMobile);
}
