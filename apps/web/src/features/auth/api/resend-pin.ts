import type { TResendPinResponse } from '@settle/shared/auth-steps';
import { apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/** ZResendPinResponse without zod (the sign-in pages load before it). */
export function readResendPinResponse(payload: unknown): TResendPinResponse | null {
  const answer = payload as Partial<TResendPinResponse> | null;
  return typeof answer === 'object' &&
    answer !== null &&
    answer.pinSent === true &&
    answer.pincodeMethod === 'SMS' &&
    typeof answer.maskedMobile === 'string'
    ? (answer as TResendPinResponse)
    : null;
}

/** POST {api}/auth/resendPin: a new code for the pending sign-in (one per 30 s, 5 per sign-in). */
export function resendPin(): Promise<TResendPinResponse> {
  return apiRequest('/auth/resendPin', {
    method: 'POST',
    parse: readResendPinResponse,
    // Nobody is signed in yet: a 401 means the pending sign-in is gone, handled by the page.
    sessionAware: false,
    showsOwnFailure: true,
  });
}

export function useResendPin() {
  return useRequest(resendPin);
}
