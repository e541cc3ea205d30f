import { ZLogoutResponse } from '@settle/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function logout(): Promise<{ loggedOut: boolean }> {
  // Signing out of an already ended session is not an error worth a redirect loop.
  return apiRequest('/auth/logout', { schema: ZLogoutResponse, sessionAware: false });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
