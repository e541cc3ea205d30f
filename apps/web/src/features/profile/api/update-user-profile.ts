import {
  type TUpdateUserProfileRequest,
  type TUpdateUserProfileResponse,
  ZUpdateUserProfileResponse,
} from '@settle/shared/user-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { normalizeLanguage } from '../../../lib/language';
import { updateUserData } from '../../../lib/user-storage';
import { userProfileKey } from './get-user-profile';

export function updateUserProfile(request: TUpdateUserProfileRequest): Promise<TUpdateUserProfileResponse> {
  return apiRequest('/user/profile', { method: 'PUT', body: request, schema: ZUpdateUserProfileResponse });
}

/**
 * Saves the profile, then applies it at once: the user data (names, formats, time zone) every
 * screen reads, and the interface language.
 */
export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(userProfileKey, saved);
      updateUserData({
        firstName: saved.firstName,
        lastName: saved.lastName,
        fullName: `${saved.firstName} ${saved.lastName}`.trim(),
        locale: saved.locale,
        localeForFormatting: saved.localeForFormatting,
        language: saved.preferredLanguage,
        timezone: saved.timezone,
      });
      await i18n.changeLanguage(normalizeLanguage(saved.preferredLanguage));
    },
  });
}
