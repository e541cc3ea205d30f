import type { TLoginRequest, TUserData } from '@settle/shared/auth';
import { ErrorCode } from '@settle/shared/error-codes';
import {
  isPinRequired,
  loginNameProblem,
  passwordProblem,
  SignInStepErrorCode,
} from '@settle/shared/rules/sign-in';
import { SsoErrorCode } from '@settle/shared/sso-error-codes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { PlainButton } from '../../../components/ui/plain-button';
import { PlainField } from '../../../components/ui/plain-field';
import classes from '../../../components/ui/plain-form.module.css';
import { ApiError, translateApiError } from '../../../lib/api-error';
import { useLogin } from '../api/login';
import { usePrelogin } from '../api/prelogin';

type TFieldName = 'loginName' | 'password';
/** A field's problem: a rule's name (translated from auth:validation) or the server's own message. */
type TFieldProblem = { type: string; message?: string };

/** The code step that follows the password: the PIN entry, or the mobile page when none is on file. */
export type TCodeStep =
  | { pinCode: true; maskedMobile?: string; pincodeMethod: 'SMS' | 'TOTP' | 'PASSKEY'; factors?: string[] }
  | { pinCode: false };

interface LoginFormProps {
  onSignedIn: (userData: TUserData) => void;
  /** The credentials go along: the code step sends them again with the code. */
  onCodeStep: (step: TCodeStep, credentials: TLoginRequest) => void;
  /** The tenant named by the page address (/login?solutionInstanceGuid=…), asked at the pre-login step. */
  solutionInstanceGuid?: string;
  /** Leaves for the single-sign-on provider: a whole-page navigation. */
  onSingleSignOn?: (ssoLoginUrl: string) => void;
}

const leavePage = (url: string) => window.location.assign(url);

/** The shared rules' plain checks (the same as ZLoginRequest's), without zod on the login page. */
function checkField(field: TFieldName, value: string): TFieldProblem | undefined {
  const problem = field === 'loginName' ? loginNameProblem(value) : passwordProblem(value);
  return problem ? { type: problem } : undefined;
}

export function LoginForm({
  onSignedIn,
  onCodeStep,
  solutionInstanceGuid,
  onSingleSignOn = leavePage,
}: LoginFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const login = useLogin();
  const prelogin = usePrelogin();
  const [ssoNotConfigured, setSsoNotConfigured] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<TFieldName, TFieldProblem>>>({});
  const [submitted, setSubmitted] = useState(false);
  const loginNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Back from the provider, the browser may show this page from its cache: ready again, not leaving.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const values = () => ({
    loginName: loginNameRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });

  // After a first attempt, a field's message follows what is typed (as the form library did).
  const recheck = (field: TFieldName) => {
    if (!submitted) return;
    setErrors((current) => ({ ...current, [field]: checkField(field, values()[field]) }));
  };

  const submitPassword = async () => {
    const { loginName, password } = values();
    const credentials: TLoginRequest = { loginName: loginName.trim(), password };
    let answer: Awaited<ReturnType<typeof login.run>>;
    try {
      answer = await login.run(credentials);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === SignInStepErrorCode.SEND_PINCODE_NO_MOBILE) {
        onCodeStep({ pinCode: false }, credentials);
        return;
      }
      const serverErrors: Partial<Record<TFieldName, TFieldProblem>> = {};
      for (const fieldError of error.fieldErrors) {
        if (fieldError.field === 'loginName' || fieldError.field === 'password') {
          serverErrors[fieldError.field] = { type: 'server', message: fieldError.message };
        }
      }
      setErrors(serverErrors);
      return;
    }
    if (isPinRequired(answer)) {
      onCodeStep(
        {
          pinCode: true,
          maskedMobile: answer.maskedMobile,
          pincodeMethod: answer.pincodeMethod,
          factors: answer.factors,
        },
        credentials,
      );
    } else onSignedIn(answer);
  };

  /**
   * The pre-login step comes first (spec, Login): a single-sign-on tenant needs no password
   * here, so only the login name must be valid to ask it.
   */
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSsoNotConfigured(false);
    login.reset();
    const { loginName, password } = values();
    const loginNameError = checkField('loginName', loginName);
    if (loginNameError) {
      setErrors({ loginName: loginNameError, password: checkField('password', password) });
      loginNameRef.current?.focus();
      return;
    }
    setErrors({});
    const answer = await prelogin
      .run({ loginName: loginName.trim(), solutionInstanceGuid })
      // Unanswered (server unreachable...): the password step runs and reports its own failure.
      .catch(() => null);
    if (answer?.sso) {
      if (answer.ssoLoginUrl) {
        setLeaving(true);
        onSingleSignOn(answer.ssoLoginUrl);
      } else {
        setSsoNotConfigured(true);
      }
      return;
    }
    const passwordError = checkField('password', values().password);
    if (passwordError) {
      setErrors({ password: passwordError });
      passwordRef.current?.focus();
      return;
    }
    await submitPassword();
  };

  // The rules' messages are English; the key is built from the field and the problem's name.
  const fieldError = (field: TFieldName): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    return t(`auth:validation.${field}.${error.type}`, { defaultValue: error.message ?? '' });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('auth:login.title')}>
      <div className={classes.stack}>
        <SubmitErrorAlert error={login.error} />
        {ssoNotConfigured ? (
          <PlainAlert tone="error" title={t('auth:login.failedTitle')} role="alert" data-testid="login-error">
            {t(`errors:${SsoErrorCode.SSO_NOT_CONFIGURED}`)}
          </PlainAlert>
        ) : null}
        <PlainField
          ref={loginNameRef}
          name="loginName"
          label={t('auth:login.loginName')}
          autoComplete="username"
          data-testid="login-name"
          error={fieldError('loginName')}
          onChange={() => recheck('loginName')}
        />
        <PlainField
          ref={passwordRef}
          name="password"
          type="password"
          label={t('auth:login.password')}
          autoComplete="current-password"
          data-testid="password"
          error={fieldError('password')}
          onChange={() => recheck('password')}
        />
        <PlainButton
          type="submit"
          loading={login.isPending || prelogin.isPending || leaving}
          data-testid="sign-in"
          wide
        >
          {t('auth:login.submit')}
        </PlainButton>
      </div>
    </form>
  );
}

function SubmitErrorAlert({ error }: { error: Error | null }) {
  const { t } = useTranslation(['auth', 'errors']);
  if (!error) return null;
  if (error instanceof ApiError) {
    // Not a failure: the mobile page follows.
    if (error.code === SignInStepErrorCode.SEND_PINCODE_NO_MOBILE) return null;
    // Field problems show under their fields.
    if (error.code === ErrorCode.VALIDATION_FAILED && error.fieldErrors.length > 0) return null;
  }
  // An unreachable or failing server is said here too: the sign-in pages have no notifications.
  return (
    <PlainAlert tone="error" title={t('auth:login.failedTitle')} role="alert" data-testid="login-error">
      {translateApiError(t, error)}
    </PlainAlert>
  );
}
