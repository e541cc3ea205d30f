import { useNavigate } from 'react-router';
import { storeLogoutReason } from '../../../lib/logout-reason';
import { clearPendingSignIn } from '../../../lib/pending-sign-in';

/** Back to the login page with the reason shown there (an expired code, a lost pending sign-in). */
export function useRestartSignIn(): (reason?: string) => void {
  const navigate = useNavigate();
  return (reason) => {
    clearPendingSignIn();
    if (reason) storeLogoutReason(reason);
    void navigate('/login', { replace: true });
  };
}
