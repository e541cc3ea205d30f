import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import type { TUserData } from '@settle/shared/auth';
import {
  isPinRequired,
  PIN_CODE_LENGTH,
  PIN_RESEND_INTERVAL_SECONDS,
  SignInStepErrorCode,
  type TPinCodeForm,
  ZPinCodeForm,
} from '@settle/shared/auth-steps';
import { ErrorCode } from '@settle/shared/errors';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { type PendingSignIn, updatePendingSignIn } from '../../../lib/pending-sign-in';
import { useLogin } from '../api/login';
import { useResendPin } from '../api/resend-pin';
import { endsPendingSignIn, translateSignInError } from '../lib/translate-sign-in-error';

interface PinCodeFormProps {
  pending: PendingSignIn;
  onSignedIn: (userData: TUserData) => void;
  /** The sign-in attempt is over (expired code...): back to the login page with the reason. */
  onRestart: (reason?: string) => void;
  onNoMobile: () => void;
}

type TNotice = { tone: 'error' | 'info'; text: string };

/** The code step: the 6 digits texted to the user, sent with the login name and password. */
export function PinCodeForm({ pending, onSignedIn, onRestart, onNoMobile }: PinCodeFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const loginMutation = useLogin();
  const resendMutation = useResendPin();
  const [maskedMobile, setMaskedMobile] = useState(pending.maskedMobile ?? '');
  const [notice, setNotice] = useState<TNotice | null>(null);
  // A code was just sent (entering this step sends one): a new one may be asked for once this
  // reaches 0. Counted in whole seconds by the page, so the link says when instead of failing.
  const [resendWait, setResendWait] = useState(PIN_RESEND_INTERVAL_SECONDS);
  useEffect(() => {
    if (resendWait <= 0) return;
    const timer = setTimeout(() => setResendWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendWait]);
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<TPinCodeForm>({ resolver: zodResolver(ZPinCodeForm), defaultValues: { pinCode: '' } });

  const onFailure = (error: Error) => {
    if (endsPendingSignIn(error)) {
      onRestart(error.code);
      return;
    }
    if (error instanceof ApiError && error.code === SignInStepErrorCode.SEND_PINCODE_NO_MOBILE) {
      onNoMobile();
      return;
    }
    setNotice({ tone: 'error', text: translateSignInError(t, error) });
  };

  const onSubmit = handleSubmit(({ pinCode }) => {
    setNotice(null);
    loginMutation.mutate(
      { loginName: pending.loginName, password: pending.password, pinCode },
      {
        onSuccess: (answer) => {
          if (!isPinRequired(answer)) {
            onSignedIn(answer);
            return;
          }
          // The server started over and texted a new code: the page stays, the number may differ.
          setMaskedMobile(answer.maskedMobile);
          updatePendingSignIn({ maskedMobile: answer.maskedMobile });
          setValue('pinCode', '');
        },
        onError: (error) => {
          // A wrong code is typed again from the first digit.
          setValue('pinCode', '');
          onFailure(error);
        },
      },
    );
  });

  const resend = () => {
    if (resendWait > 0) return;
    setNotice(null);
    resendMutation.mutate(undefined, {
      onSuccess: (answer) => {
        setMaskedMobile(answer.maskedMobile);
        updatePendingSignIn({ maskedMobile: answer.maskedMobile });
        setValue('pinCode', '');
        setNotice({ tone: 'info', text: t('auth:pin.resent', { maskedMobile: answer.maskedMobile }) });
        setResendWait(PIN_RESEND_INTERVAL_SECONDS);
      },
      onError: (error) => {
        // The server's clock decides: when it still says wait, count down its seconds instead of failing.
        const seconds =
          error instanceof ApiError && error.code === ErrorCode.RATE_LIMITED ? Number(error.args[0]) : NaN;
        if (Number.isInteger(seconds) && seconds > 0) setResendWait(seconds);
        else onFailure(error);
      },
    });
  };

  const pinError = errors.pinCode
    ? t(`auth:validation.pinCode.${errors.pinCode.type}`, { defaultValue: errors.pinCode.message })
    : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:pin.title')}>
      <Stack>
        <Text data-testid="pin-sent-to">{t('auth:pin.sentTo', { maskedMobile })}</Text>
        {notice ? (
          <Alert
            color={notice.tone === 'error' ? 'red' : 'blue'}
            title={notice.tone === 'error' ? t('auth:pin.failedTitle') : undefined}
            role={notice.tone === 'error' ? 'alert' : 'status'}
            data-testid={notice.tone === 'error' ? 'pin-error' : 'pin-notice'}
          >
            {notice.text}
          </Alert>
        ) : null}
        <Input.Wrapper label={t('auth:pin.label')} error={pinError} labelElement="div">
          <Controller
            control={control}
            name="pinCode"
            render={({ field }) => (
              <PinInput
                length={PIN_CODE_LENGTH}
                type="number"
                oneTimeCode
                autoFocus
                size="md"
                mt={4}
                value={field.value}
                onChange={field.onChange}
                error={Boolean(pinError)}
                data-testid="pin-input"
                getInputProps={(index) => ({
                  'aria-label': t('auth:pin.digit', { position: index + 1 }),
                  'data-testid': `pin-digit-${index}`,
                })}
              />
            )}
          />
        </Input.Wrapper>
        <Button type="submit" loading={loginMutation.isPending} data-testid="pin-verify" fullWidth>
          {t('auth:pin.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            onClick={resend}
            disabled={resendMutation.isPending || resendWait > 0}
            c={resendWait > 0 ? 'dimmed' : undefined}
            aria-busy={resendMutation.isPending}
            data-testid="pin-resend"
          >
            {resendWait > 0 ? t('auth:pin.resendIn', { seconds: resendWait }) : t('auth:pin.resend')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
            {t('auth:pin.backToLogin')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
