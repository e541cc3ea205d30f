import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCOUNT_SETUP_MESSAGES,
  AccountSetupErrorCode,
  type TRegistrationContext,
  ZRegistrationRequest,
} from '@settle/shared/account-setup';
import { formatPhone } from '@settle/shared/rules/phone';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { normalizeLanguage } from '../../../lib/language';
import { type CaptchaKind, useCaptcha } from '../api/get-captcha';
import type { RegistrationLink } from '../api/get-registration-context';
import { useRegister } from '../api/register';
import { submitAlertText } from '../lib/account-setup-errors';
import { serverFieldErrors } from '../lib/server-field-errors';
import { translateFieldMessage } from '../lib/translate-field-message';
import { CaptchaField } from './captcha-field';

/** What the user fills in; the link values, the mask and the captcha id are added on submit. */
const ZRegistrationFields = ZRegistrationRequest.pick({
  address: true,
  smsAreaCode: true,
  smsPhone: true,
  preferredLanguage: true,
  captchaAnswer: true,
});
type TRegistrationFieldsInput = z.input<typeof ZRegistrationFields>;
type TRegistrationFields = z.infer<typeof ZRegistrationFields>;
type TFieldName = keyof TRegistrationFields;
const FIELDS: readonly TFieldName[] = [
  'address',
  'smsAreaCode',
  'smsPhone',
  'preferredLanguage',
  'captchaAnswer',
];

/** Language names are written in their own language so that anyone can find theirs. */
const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
];

/** A refused registration where signing in is the way on. */
const SIGN_IN_CODES = new Set<string>([
  AccountSetupErrorCode.CONTACT_ALREADY_REGISTERED,
  AccountSetupErrorCode.LOGIN_NAME_TAKEN,
]);

interface RegistrationFormProps {
  link: RegistrationLink;
  context: TRegistrationContext;
  onRegistered: () => void;
}

export function RegistrationForm({ link, context, onRegistered }: RegistrationFormProps) {
  const { t, i18n } = useTranslation(['accountSetup', 'errors']);
  const [captchaKind, setCaptchaKind] = useState<CaptchaKind>('picture');
  const captcha = useCaptcha(captchaKind);
  const mutation = useRegister();
  const [shownFieldErrors, setShownFieldErrors] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useForm<TRegistrationFieldsInput, unknown, TRegistrationFields>({
    resolver: zodResolver(ZRegistrationFields),
    // Register stays disabled while the form is invalid; messages appear once a field is left.
    mode: 'onTouched',
    defaultValues: {
      address: context.address,
      smsAreaCode: '',
      smsPhone: '',
      preferredLanguage: normalizeLanguage(i18n.language),
      captchaAnswer: '',
    },
  });

  const formatMobile = (value: string) =>
    value.trim() ? formatPhone(value.trim(), context.companyDefMask) : '';

  const onSubmit = handleSubmit(async (values) => {
    const picture = captcha.data;
    if (!picture) return;
    const phone = formatMobile(values.smsPhone);
    try {
      await mutation.mutateAsync({
        ...values,
        encryptedCompanyId: link.companyId,
        contactId: link.contactId,
        smsPhone: phone,
        mobilePhone: phone,
        companyDefMask: context.companyDefMask,
        captchaId: picture.id,
      });
      onRegistered();
    } catch (error) {
      // The server takes a picture with its first answer, right or wrong: a new one is needed.
      setValue('captchaAnswer', '');
      void captcha.refetch();
      const placed = serverFieldErrors(error, FIELDS);
      if (
        error instanceof ApiError &&
        error.code === AccountSetupErrorCode.CAPTCHA_WRONG &&
        !placed.some((found) => found.field === 'captchaAnswer')
      ) {
        placed.push({ field: 'captchaAnswer', message: ACCOUNT_SETUP_MESSAGES.captchaWrong });
      }
      for (const found of placed) setError(found.field, { type: 'server', message: found.message });
      setShownFieldErrors(placed.length);
    }
  });

  const fieldError = (field: TFieldName) => translateFieldMessage(t, errors[field]?.message);
  const alertText = submitAlertText(t, mutation.error, shownFieldErrors);
  const alertCode = mutation.error instanceof ApiError ? mutation.error.code : '';

  const areaCode = watch('smsAreaCode') ?? '';
  const mobilePhone = watch('smsPhone') ?? '';
  // The number as the account will keep it, through the company's mask.
  const preview =
    mobilePhone.trim() && !errors.smsPhone && !errors.smsAreaCode
      ? t('accountSetup:registration.mobilePreview', {
          number: [areaCode.trim(), formatMobile(mobilePhone)].filter(Boolean).join(' '),
        })
      : undefined;

  const sending = isSubmitting || mutation.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accountSetup:registration.titleFallback')}>
      <Stack>
        {alertText ? (
          <Alert
            color="red"
            role="alert"
            title={t('accountSetup:registration.failedTitle')}
            data-testid="registration-error"
          >
            <Stack gap="xs">
              <Text size="sm">{alertText}</Text>
              {SIGN_IN_CODES.has(alertCode) ? (
                <Anchor component={Link} to="/login" size="sm" data-testid="registration-sign-in">
                  {t('accountSetup:links.login')}
                </Anchor>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <TextInput
          label={t('accountSetup:registration.address')}
          description={t('accountSetup:registration.addressHint')}
          type="email"
          autoComplete="email"
          required
          data-testid="registration-address"
          error={fieldError('address')}
          {...register('address')}
        />
        <div>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              label={t('accountSetup:registration.areaCode')}
              autoComplete="tel-country-code"
              inputMode="tel"
              w={110}
              data-testid="registration-area-code"
              error={fieldError('smsAreaCode')}
              {...register('smsAreaCode')}
            />
            <TextInput
              label={t('accountSetup:registration.mobilePhone')}
              autoComplete="tel-national"
              inputMode="tel"
              style={{ flex: 1 }}
              data-testid="registration-mobile"
              error={fieldError('smsPhone')}
              {...register('smsPhone')}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={4} data-testid="registration-mobile-hint">
            {preview ?? t('accountSetup:registration.mobileHint')}
          </Text>
        </div>
        <NativeSelect
          label={t('accountSetup:registration.preferredLanguage')}
          data={LANGUAGE_OPTIONS}
          data-testid="registration-language"
          error={fieldError('preferredLanguage')}
          {...register('preferredLanguage')}
        />
        <CaptchaField
          captcha={captcha.data}
          isLoading={captcha.isFetching}
          failed={captcha.isError && !captcha.isFetching}
          onRefresh={() => {
            setValue('captchaAnswer', '');
            void captcha.refetch();
          }}
          onKindChange={(kind) => {
            setValue('captchaAnswer', '');
            setCaptchaKind(kind);
          }}
          error={fieldError('captchaAnswer')}
          inputProps={register('captchaAnswer')}
        />
        <Button
          type="submit"
          disabled={!isValid || !captcha.data || captcha.isFetching}
          loading={sending}
          data-testid="registration-submit"
          fullWidth
        >
          {t('accountSetup:registration.submit')}
        </Button>
      </Stack>
    </form>
  );
}
