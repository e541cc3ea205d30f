import type { TLoginRequest } from '@settle/shared/auth';
import type { TLoginResponse, TPinRequired } from '@settle/shared/auth-steps';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';
import { useRequest } from '../../../lib/use-request';
import { isUserData } from '../../../lib/user-storage';

const SECOND_FACTORS = new Set<unknown>(['SMS', 'TOTP', 'PASSKEY', 'RECOVERY']);

function isPinRequiredAnswer(payload: unknown): payload is TPinRequired {
  const answer = payload as Partial<TPinRequired> | null;
  return (
    typeof answer === 'object' &&
    answer !== null &&
    answer.pinRequired === true &&
    (answer.pincodeMethod === 'SMS' ||
      answer.pincodeMethod === 'TOTP' ||
      answer.pincodeMethod === 'PASSKEY') &&
    (answer.maskedMobile === undefined || typeof answer.maskedMobile === 'string') &&
    Array.isArray(answer.factors) &&
    answer.factors.every((factor) => SECOND_FACTORS.has(factor))
  );
}

/** ZLoginResponse without zod: the user data, or the code step's announcement. */
export function readLoginResponse(payload: unknown): TLoginResponse | null {
  return isPinRequiredAnswer(payload) || isUserData(payload) ? payload : null;
}

/**
 * POST {api}/auth/login: the password step, and (with pinCode) the code step. The answer is
 * the user data, or { pinRequired } when a code was texted and the PIN page follows.
 */
export function login(request: TLoginRequest): Promise<TLoginResponse> {
  return apiRequest('/auth/login', {
    method: 'POST',
    body: request,
    query: { solutionInstanceGuid: getPublicConfig().solutionInstanceGuid },
    parse: readLoginResponse,
    // A 401 here means a wrong password or code, not an ended session.
    sessionAware: false,
    // The sign-in pages say themselves that the server cannot be reached.
    showsOwnFailure: true,
  });
}

export function useLogin() {
  return useRequest(login);
}
