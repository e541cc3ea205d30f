import type { TUserData } from '@settle/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normalizeLanguage } from './language';
import { clearLogoutReason } from './logout-reason';
import { clearPendingSignIn } from './pending-sign-in';
import { setUserData } from './user-storage';

/** The last step of every sign-in path (password only, or password then code): store and go home. */
export function useCompleteSignIn(): (userData: TUserData) => void {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (userData) => {
    // Nothing cached for a previous user may show for this one.
    queryClient.clear();
    clearPendingSignIn();
    clearLogoutReason();
    setUserData(userData);
    void i18n.changeLanguage(normalizeLanguage(userData.language));
    void navigate('/home', { replace: true });
  };
}
