import type { TUserData } from '@settle/shared/auth';
import { useSyncExternalStore } from 'react';
import { getUserData, subscribeUserData } from './user-storage';

/** The signed-in user's data, or null when signed out; re-renders on every change. */
export function useUserData(): TUserData | null {
  return useSyncExternalStore(subscribeUserData, getUserData, () => null);
}

/** For screens behind the sign-in guard, where a missing user is a programming error. */
export function useSignedInUser(): TUserData {
  const userData = useUserData();
  if (!userData)
    throw new Error('useSignedInUser needs a signed-in user (render it behind the sign-in guard).');
  return userData;
}
