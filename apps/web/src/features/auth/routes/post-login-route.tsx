import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import {
  getPendingSignIn,
  MOBILE_STEP_PATH,
  PIN_STEP_PATH,
  updatePendingSignIn,
} from '../../../lib/pending-sign-in';
import { useCompleteSignIn } from '../../../lib/use-complete-sign-in';
import { useUserData } from '../../../lib/use-user-data';
import { PinCodeForm } from '../components/pin-code-form';
import { SecondFactorForm } from '../components/second-factor-form';
import { UpdateMobileForm } from '../components/update-mobile-form';
import { useRestartSignIn } from '../hooks/use-restart-sign-in';

/**
 * /postLogin?pinCode=true&pincodeMethod=TOTP (or PASSKEY): the factors of a user who chose an
 * app or a passkey; /postLogin?pinCode=true&pincodeMethod=SMS: the code entry; /postLogin?pinCode=false: the
 * mobile page first. Both need the credentials the login page kept in memory.
 */
export function PostLoginRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userData = useUserData();
  const completeSignIn = useCompleteSignIn();
  const restart = useRestartSignIn();
  // Signing in clears the pending sign-in and re-renders this page signed in: where the
  // sign-in was going (a deep link) must outlive that render.
  const [returnTo] = useState(() => getPendingSignIn()?.returnTo);

  if (userData) return <Navigate to={returnTo ?? '/home'} replace />;
  // Opened directly or reloaded: the password is gone, so the sign-in starts again.
  const pending = getPendingSignIn();
  if (!pending) return <Navigate to="/login" replace />;

  const method = params.get('pincodeMethod');
  if (params.get('pinCode') === 'true' && method !== 'SMS' && pending.factors?.length) {
    return (
      <SignInFrame title={t('factors.title')}>
        <SecondFactorForm
          pending={pending}
          initial={method ?? ''}
          onSignedIn={completeSignIn}
          onRestart={restart}
          onSmsSent={() => void navigate(PIN_STEP_PATH, { replace: true })}
        />
      </SignInFrame>
    );
  }

  if (params.get('pinCode') === 'true') {
    return (
      <SignInFrame title={t('pin.title')}>
        <PinCodeForm
          pending={pending}
          onSignedIn={completeSignIn}
          onRestart={restart}
          onNoMobile={() => void navigate(MOBILE_STEP_PATH, { replace: true })}
        />
      </SignInFrame>
    );
  }

  return (
    <SignInFrame title={t('mobile.title')}>
      <UpdateMobileForm
        pending={pending}
        onPinSent={(maskedMobile) => {
          updatePendingSignIn({ maskedMobile });
          void navigate(PIN_STEP_PATH, { replace: true });
        }}
        onRestart={restart}
      />
    </SignInFrame>
  );
}
