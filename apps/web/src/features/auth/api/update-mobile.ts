import {
  type TUpdateMobileRequest,
  type TUpdateMobileResponse,
  ZUpdateMobileResponse,
} from '@settle/shared/auth-steps';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST {api}/auth/updateMobile: the mobile number of a user who has none, then the code is texted to it. */
export function updateMobile(request: TUpdateMobileRequest): Promise<TUpdateMobileResponse> {
  return apiRequest('/auth/updateMobile', {
    method: 'POST',
    body: request,
    schema: ZUpdateMobileResponse,
    // Nobody is signed in yet: a 401 means the pending sign-in is gone, handled by the page.
    sessionAware: false,
  });
}

export function useUpdateMobile() {
  return useMutation({ mutationFn: updateMobile });
}
