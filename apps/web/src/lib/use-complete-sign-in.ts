import type { TUserData } from '@settle/shared/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { normalizeLanguage } from './language';
import { clearLogoutReason } from './logout-reason';
import { clearPendingSignIn, getPendingSignIn } from './pending-sign-in';
import { RETURN_TO_PARAM, safeReturnTo } from './return-to';
import { resetForNewSession } from './session-reset';
import { setUserData } from './user-storage';

/**
 * The last step of every sign-in path (password only, or password then code): store, then go
 * where the visitor was going (the login page's returnTo, kept through the code step), else home.
 */
export function useCompleteSignIn(): (userData: TUserData) => void {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (userData) => {
    const target =
      safeReturnTo(searchParams.get(RETURN_TO_PARAM)) ??
      safeReturnTo(getPendingSignIn()?.returnTo) ??
      '/home';
    // Nothing cached for a previous user may show for this one.
    resetForNewSession();
    clearPendingSignIn();
    clearLogoutReason();
    // The user's language first, then the user data that sends the sign-in pages on: the next
    // screens' texts are then fetched in the language they show in, and in no other.
    void i18n.changeLanguage(normalizeLanguage(userData.language)).then(() => {
      setUserData(userData);
      void navigate(target, { replace: true });
    });
  };
}
