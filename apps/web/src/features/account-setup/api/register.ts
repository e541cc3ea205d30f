import { type TRegistrationRequest, ZRegistrationResponse } from '@settle/shared/account-setup';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type TRegistrationAnswer = z.infer<typeof ZRegistrationResponse>;

/** POST {api}/user/registration: the account is created and the activation link emailed. */
export function register(request: TRegistrationRequest): Promise<TRegistrationAnswer> {
  return apiRequest('/user/registration', {
    method: 'POST',
    body: request,
    schema: ZRegistrationResponse,
    sessionAware: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
