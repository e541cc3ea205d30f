import type { TUserData } from '@settle/shared/auth';
import { apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';
import { isUserData } from '../../../lib/user-storage';

const readObject = (payload: unknown) =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
const readUserData = (payload: unknown): TUserData | null => (isUserData(payload) ? payload : null);

/**
 * The PIN step with a passkey: POST {api}/auth/passkey/options, the browser's WebAuthn prompt
 * (@simplewebauthn/browser, loaded only when a passkey is used), then POST {api}/auth/passkey/verify.
 */
export async function signInWithPasskey(): Promise<TUserData> {
  const options = await apiRequest('/auth/passkey/options', {
    method: 'POST',
    parse: readObject,
    sessionAware: false,
    showsOwnFailure: true,
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return apiRequest('/auth/passkey/verify', {
    method: 'POST',
    body: { response },
    parse: readUserData,
    sessionAware: false,
    showsOwnFailure: true,
  });
}

export function useSignInWithPasskey() {
  return useRequest(signInWithPasskey);
}
