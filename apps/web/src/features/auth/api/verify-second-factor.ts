import type { TUserData } from '@settle/shared/auth';
import { apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';
import { isUserData } from '../../../lib/user-storage';

export type TSecondFactorCode = { method: 'TOTP' | 'RECOVERY'; code: string };

const readUserData = (payload: unknown): TUserData | null => (isUserData(payload) ? payload : null);

/** POST {api}/auth/secondFactor: the PIN step with an authenticator-app code or a recovery code. */
export function verifySecondFactor(request: TSecondFactorCode): Promise<TUserData> {
  return apiRequest('/auth/secondFactor', {
    method: 'POST',
    body: request,
    parse: readUserData,
    // A 401 here is a wrong code or an ended sign-in: the page says which.
    sessionAware: false,
    showsOwnFailure: true,
  });
}

export function useVerifySecondFactor() {
  return useRequest(verifySecondFactor);
}
