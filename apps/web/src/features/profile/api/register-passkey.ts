import { ZPasskeySummary, ZWebAuthnOptions } from '@settle/shared/second-factors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorsKey } from './get-second-factors';

const ZPasskeyRegistered = z.object({ passkey: ZPasskeySummary, recoveryCodes: z.array(z.string()) });

/**
 * Registers a passkey: POST {api}/user/secondFactors/passkeys/options, the browser's WebAuthn
 * prompt (@simplewebauthn/browser, loaded on use), then POST {api}/user/secondFactors/passkeys.
 */
export async function registerPasskey(name: string) {
  const options = await apiRequest('/user/secondFactors/passkeys/options', {
    method: 'POST',
    schema: ZWebAuthnOptions,
    showsOwnFailure: true,
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return apiRequest('/user/secondFactors/passkeys', {
    method: 'POST',
    body: { name, response },
    schema: ZPasskeyRegistered,
    showsOwnFailure: true,
  });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorsKey }),
  });
}
