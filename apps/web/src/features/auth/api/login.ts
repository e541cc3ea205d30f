import { type TLoginRequest, type TUserData, ZUserData } from '@settle/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';

export function login(request: TLoginRequest): Promise<TUserData> {
  return apiRequest('/auth/login', {
    method: 'POST',
    body: request,
    query: { solutionInstanceGuid: getPublicConfig().solutionInstanceGuid },
    schema: ZUserData,
    // A 401 here means a wrong password, not an ended session.
    sessionAware: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
