import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { isSsoErrorCode } from '@settle/shared/sso';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
// The SSO screen ends a sign-in exactly as the password does, in the same frame.
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import { ApiError, translateApiError } from '../../../lib/api-error';
import { useCompleteSignIn } from '../../../lib/use-complete-sign-in';
import { useSsoLogin } from '../api/sso-login';
import { readSsoCallback } from '../lib/sso-callback';

/**
 * /sso: where the OpenID provider sends the browser back. It signs in on load with the
 * provider's code and state, then opens /home; on failure it says why and links to /login.
 */
export function SsoRoute() {
  const { t } = useTranslation(['sso', 'errors']);
  const [searchParams] = useSearchParams();
  const callback = useMemo(() => readSsoCallback(searchParams), [searchParams]);
  const completeSignIn = useCompleteSignIn();
  const ssoLogin = useSsoLogin();
  // A code can be exchanged once: React's development double effects must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (callback.kind !== 'answer' || sent.current) return;
    sent.current = true;
    ssoLogin.mutate(callback.request, { onSuccess: completeSignIn });
  }, [callback, ssoLogin, completeSignIn]);

  const failure =
    callback.kind === 'failed'
      ? { message: t(`errors:${callback.code}`), detail: callback.detail }
      : ssoLogin.error
        ? { message: translateSsoError(t, ssoLogin.error) }
        : null;

  return (
    <SignInFrame title={t('sso:title')}>
      {failure ? (
        <>
          <Alert color="red" title={t('sso:failedTitle')} role="alert" data-testid="sso-error">
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {failure.detail ? (
                <Text size="sm" data-testid="sso-error-detail">
                  {t('sso:providerSaid', { detail: failure.detail })}
                </Text>
              ) : null}
            </Stack>
          </Alert>
          <Anchor component={Link} to="/login" size="sm" data-testid="sso-back-to-login">
            {t('sso:backToLogin')}
          </Anchor>
        </>
      ) : (
        <Group gap="sm" role="status" data-testid="sso-pending">
          <Loader size="sm" />
          <Text>{t('sso:signingIn')}</Text>
        </Group>
      )}
    </SignInFrame>
  );
}

/** The sign-on's own codes read as such even on a 503 (not configured, provider unreachable). */
function translateSsoError(t: TFunction, error: Error): string {
  if (error instanceof ApiError && isSsoErrorCode(error.code)) {
    return t(`errors:${error.code}`, { defaultValue: error.message });
  }
  return translateApiError(t, error);
}
