import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type TLoginRequest, type TUserData, ZLoginRequest } from '@settle/shared/auth';
import { isPinRequired, SignInStepErrorCode } from '@settle/shared/auth-steps';
import { ErrorCode } from '@settle/shared/errors';
import { SsoErrorCode } from '@settle/shared/sso';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, translateApiError } from '../../../lib/api-error';
import { useLogin } from '../api/login';
import { usePrelogin } from '../api/prelogin';

type TLoginFormInput = z.input<typeof ZLoginRequest>;
type TFieldName = 'loginName' | 'password';

/** The code step that follows the password: the PIN entry, or the mobile page when none is on file. */
export type TCodeStep = { pinCode: true; maskedMobile: string } | { pinCode: false };

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

export function LoginForm({
  onSignedIn,
  onCodeStep,
  solutionInstanceGuid,
  onSingleSignOn = leavePage,
}: LoginFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const loginMutation = useLogin();
  const preloginMutation = usePrelogin();
  const [ssoNotConfigured, setSsoNotConfigured] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Back from the provider, the browser may show this page from its cache: ready again, not leaving.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<TLoginFormInput, unknown, TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { loginName: '', password: '' },
  });

  const submitPassword = handleSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: (answer) => {
        if (isPinRequired(answer)) onCodeStep({ pinCode: true, maskedMobile: answer.maskedMobile }, values);
        else onSignedIn(answer);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.code === SignInStepErrorCode.SEND_PINCODE_NO_MOBILE) {
          onCodeStep({ pinCode: false }, values);
          return;
        }
        for (const fieldError of error.fieldErrors) {
          if (fieldError.field === 'loginName' || fieldError.field === 'password') {
            setError(fieldError.field, { type: 'server', message: fieldError.message });
          }
        }
      },
    });
  });

  /**
   * The pre-login step comes first (spec, Login): a single-sign-on tenant needs no password
   * here, so only the login name must be valid to ask it.
   */
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSsoNotConfigured(false);
    loginMutation.reset();
    if (!(await trigger('loginName'))) {
      await trigger();
      return;
    }
    const answer = await preloginMutation
      .mutateAsync({ loginName: getValues('loginName').trim(), solutionInstanceGuid })
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
    await submitPassword();
  };

  // The schema's messages are English; the key is built from the field and the zod issue code.
  const fieldError = (field: TFieldName): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    return t(`auth:validation.${field}.${error.type}`, { defaultValue: error.message });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('auth:login.title')}>
      <Stack>
        <SubmitErrorAlert error={loginMutation.error} />
        {ssoNotConfigured ? (
          <Alert color="red" title={t('auth:login.failedTitle')} role="alert" data-testid="login-error">
            {t(`errors:${SsoErrorCode.SSO_NOT_CONFIGURED}`)}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth:login.loginName')}
          autoComplete="username"
          data-testid="login-name"
          error={fieldError('loginName')}
          {...register('loginName')}
        />
        <PasswordInput
          label={t('auth:login.password')}
          autoComplete="current-password"
          data-testid="password"
          error={fieldError('password')}
          {...register('password')}
        />
        <Button
          type="submit"
          loading={loginMutation.isPending || preloginMutation.isPending || leaving}
          data-testid="sign-in"
          fullWidth
        >
          {t('auth:login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function SubmitErrorAlert({ error }: { error: Error | null }) {
  const { t } = useTranslation(['auth', 'errors']);
  if (!error) return null;
  // Field problems show under their fields; an unreachable server has its own notification.
  if (error instanceof ApiError) {
    // Not a failure: the mobile page follows.
    if (error.code === SignInStepErrorCode.SEND_PINCODE_NO_MOBILE) return null;
    if (error.code === ErrorCode.VALIDATION_FAILED && error.fieldErrors.length > 0) return null;
    if (error.status === 0 || error.status >= 500) return null;
  }
  return (
    <Alert color="red" title={t('auth:login.failedTitle')} role="alert" data-testid="login-error">
      {translateApiError(t, error)}
    </Alert>
  );
}
