import { type TTotpEnrolment, ZTotpEnrolment } from '@settle/shared/second-factors';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST {api}/user/secondFactors/totp: a new secret as a QR code and as text. */
export function startTotp(): Promise<TTotpEnrolment> {
  return apiRequest('/user/secondFactors/totp', {
    method: 'POST',
    schema: ZTotpEnrolment,
    showsOwnFailure: true,
  });
}

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}
