import { type TUserProfile, ZUserProfile } from '@settle/shared/user-profile';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const userProfileKey = ['user', 'profile'] as const;

export function getUserProfile(signal?: AbortSignal): Promise<TUserProfile> {
  return apiRequest('/user/profile', { schema: ZUserProfile, signal, showsOwnFailure: true });
}

/** The mask depends on the current company: switching company refetches it (invalidate all). */
export function useUserProfile() {
  return useQuery({ queryKey: userProfileKey, queryFn: ({ signal }) => getUserProfile(signal) });
}
