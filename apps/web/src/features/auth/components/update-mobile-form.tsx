import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type TMobileFields, ZMobileFields } from '@settle/shared/auth-steps';
import { formatPhone } from '@settle/shared/rules/phone';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import type { PendingSignIn } from '../../../lib/pending-sign-in';
import { useUpdateMobile } from '../api/update-mobile';
import { endsPendingSignIn, translateSignInError } from '../lib/translate-sign-in-error';

type TMobileFormInput = z.input<typeof ZMobileFields>;
type TFieldName = keyof TMobileFields;

interface UpdateMobileFormProps {
  pending: PendingSignIn;
  /** The number is saved and a code went to it: the PIN page follows. */
  onPinSent: (maskedMobile: string) => void;
  onRestart: (reason?: string) => void;
}

type TNotice = { tone: 'error' | 'warning'; text: string };

/** The mobile page of a user with a PIN policy and no mobile on file (spec: post-login screen). */
export function UpdateMobileForm({ pending, onPinSent, onRestart }: UpdateMobileFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const mutation = useUpdateMobile();
  const [notice, setNotice] = useState<TNotice | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isValid },
  } = useForm<TMobileFormInput, unknown, TMobileFields>({
    resolver: zodResolver(ZMobileFields),
    // Save is disabled while the form is invalid, so the form is checked as the user types.
    mode: 'onChange',
    defaultValues: { smsAreaCode: '', smsPhone: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setNotice(null);
    mutation.mutate(
      { loginName: pending.loginName, password: pending.password, ...values },
      {
        onSuccess: (answer) => {
          if (answer.pinSent) onPinSent(answer.maskedMobile ?? '');
          else setNotice({ tone: 'warning', text: t('auth:mobile.noNumber') });
        },
        onError: (error) => {
          if (endsPendingSignIn(error)) {
            onRestart(error.code);
            return;
          }
          if (error instanceof ApiError) {
            for (const fieldError of error.fieldErrors) {
              if (fieldError.field === 'smsAreaCode' || fieldError.field === 'smsPhone') {
                setError(fieldError.field, { type: 'server', message: fieldError.message });
              }
            }
          }
          setNotice({ tone: 'error', text: translateSignInError(t, error) });
        },
      },
    );
  });

  // The schema's messages are English; the key is built from the field and the zod issue code.
  const fieldError = (field: TFieldName): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    return t(`auth:validation.${field}.${error.type}`, { defaultValue: error.message });
  };

  const areaCode = watch('smsAreaCode') ?? '';
  const mobilePhone = watch('smsPhone') ?? '';
  // The number as the text message will use it, through the spec's 35-character # mask.
  const preview =
    mobilePhone.trim() && !errors.smsPhone && !errors.smsAreaCode
      ? t('auth:mobile.preview', {
          number: [areaCode.trim(), formatPhone(mobilePhone.trim())].filter(Boolean).join(' '),
        })
      : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:mobile.title')}>
      <Stack>
        <Text size="sm">{t('auth:mobile.intro')}</Text>
        {notice ? (
          <Alert
            color={notice.tone === 'error' ? 'red' : 'orange'}
            role="alert"
            title={notice.tone === 'error' ? t('auth:mobile.failedTitle') : undefined}
            data-testid="mobile-notice"
          >
            {notice.text}
          </Alert>
        ) : null}
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            label={t('auth:mobile.areaCode')}
            autoComplete="tel-country-code"
            inputMode="tel"
            w={120}
            data-testid="sms-area-code"
            error={fieldError('smsAreaCode')}
            {...register('smsAreaCode')}
          />
          <TextInput
            label={t('auth:mobile.mobilePhone')}
            autoComplete="tel-national"
            inputMode="tel"
            style={{ flex: 1 }}
            data-testid="sms-phone"
            error={fieldError('smsPhone')}
            {...register('smsPhone')}
          />
        </Group>
        {preview ? (
          <Text size="sm" c="dimmed" mt={-8} data-testid="mobile-preview">
            {preview}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onRestart()} data-testid="mobile-close">
            {t('auth:mobile.close')}
          </Button>
          <Button type="submit" disabled={!isValid} loading={mutation.isPending} data-testid="mobile-save">
            {t('auth:mobile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
