import type { TLoginRequest } from '@settle/shared/auth';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { HelpLink } from '../../../components/ui/help-link';
import classes from '../../../components/ui/plain-form.module.css';
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import {
  clearPendingSignIn,
  factorStepPath,
  MOBILE_STEP_PATH,
  PIN_STEP_PATH,
  setPendingSignIn,
} from '../../../lib/pending-sign-in';
import { RETURN_TO_PARAM, safeReturnTo } from '../../../lib/return-to';
import { useCompleteSignIn } from '../../../lib/use-complete-sign-in';
import { useUserData } from '../../../lib/use-user-data';
import { LegalLinks } from '../components/legal-links';
import { LoginForm, type TCodeStep } from '../components/login-form';
import { LogoutReasonAlert } from '../components/logout-reason-alert';
import { UnsupportedBrowserAlert } from '../components/unsupported-browser-alert';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const userData = useUserData();
  const onSignedIn = useCompleteSignIn();
  // /login?solutionInstanceGuid=… names the tenant; the pre-login step asks it about single sign-on.
  const [searchParams] = useSearchParams();

  // Back on the login page, an abandoned code step's credentials are dropped.
  useEffect(() => {
    clearPendingSignIn();
  }, []);

  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM));
  if (userData) return <Navigate to={returnTo ?? '/home'} replace />;

  const onCodeStep = (step: TCodeStep, credentials: TLoginRequest) => {
    setPendingSignIn({
      loginName: credentials.loginName,
      password: credentials.password,
      ...(step.pinCode ? { maskedMobile: step.maskedMobile, factors: step.factors } : {}),
      ...(returnTo ? { returnTo } : {}),
    });
    if (!step.pinCode) void navigate(MOBILE_STEP_PATH);
    else void navigate(step.pincodeMethod === 'SMS' ? PIN_STEP_PATH : factorStepPath(step.pincodeMethod));
  };

  return (
    <SignInFrame title={t('login.title')} subtitle={t('login.subtitle')} footer={<LegalLinks />}>
      <UnsupportedBrowserAlert />
      <LogoutReasonAlert />
      <LoginForm
        onSignedIn={onSignedIn}
        onCodeStep={onCodeStep}
        solutionInstanceGuid={searchParams.get('solutionInstanceGuid') ?? undefined}
      />
      <div className={classes.row}>
        <Link to="/troubleSigningIn" className={classes.link} data-testid="trouble-signing-in">
          {t('login.troubleSigningIn')}
        </Link>
        <HelpLink />
      </div>
    </SignInFrame>
  );
}
