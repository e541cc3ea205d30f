import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatC2, formatDate } from '@settle/shared/format';
import { formatPhone, PHONE_LIMITS } from '@settle/shared/rules/phone';
import {
  localeForFormatting,
  type TUpdateUserProfileRequest,
  type TUserProfile,
  ZUpdateUserProfileRequest,
} from '@settle/shared/user-profile';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useLocales, useTimeZones } from '../api/get-location-lists';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { translateProfileMessage } from '../lib/translate-profile-message';

type FormInput = z.input<typeof ZUpdateUserProfileRequest>;
type FormOutput = z.output<typeof ZUpdateUserProfileRequest>;
const FIELDS = [
  'firstName',
  'lastName',
  'locale',
  'preferredLanguage',
  'timezone',
  'smsAreaCode',
  'smsPhone',
  'currentPswd',
  'newPswd',
  'confirmPswd',
] as const;
type FieldName = (typeof FIELDS)[number];
const PASSWORD_FIELDS = ['currentPswd', 'newPswd', 'confirmPswd'] as const;

function startValues(profile: TUserProfile): FormInput {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    locale: profile.locale,
    preferredLanguage: profile.preferredLanguage === 'fr' ? 'fr' : 'en',
    timezone: profile.timezone,
    smsAreaCode: profile.smsAreaCode,
    smsPhone: profile.smsPhone,
    currentPswd: '',
    newPswd: '',
    confirmPswd: '',
  };
}

/**
 * The general tab: names, language, formats, time zone, the mobile phone in the company's
 * mask, and a password change (all three fields or none). The same zod schema as the server.
 */
export function ProfileGeneralForm({ profile }: { profile: TUserProfile }) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const locales = useLocales();
  const timeZones = useTimeZones();
  const save = useUpdateUserProfile();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZUpdateUserProfileRequest),
    mode: 'onTouched',
    defaultValues: startValues(profile),
  });

  const fieldError = (field: FieldName) => translateProfileMessage(t, errors[field]?.message);
  const chosenLocale = watch('locale');
  const example = (() => {
    const tag = localeForFormatting(chosenLocale || profile.locale);
    return `${formatC2('1234.5', { locale: tag, currencyCode: 'USD' })} · ${formatDate('2026-11-25', tag)}`;
  })();

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const saved = await save.mutateAsync(values as TUpdateUserProfileRequest);
      for (const field of PASSWORD_FIELDS) resetField(field, { defaultValue: '' });
      // i18n.t, not t: the language may have just changed with this very save.
      notifications.show({
        color: 'teal',
        message: i18n.t(saved.passwordChanged ? 'profile:savedPassword' : 'profile:saved'),
      });
    } catch (failure) {
      if (isSessionEndingError(failure)) return;
      if (failure instanceof ApiError) {
        for (const fieldError of failure.fieldErrors) {
          const name = fieldError.field.replace(/^body\./, '');
          const field = FIELDS.find((candidate) => candidate === name);
          // A 406 names its field too; its text is the translated key, not a contract message.
          const message = failure.status === 406 ? translateApiError(t, failure) : fieldError.message;
          if (field) setError(field, { type: 'server', message });
        }
      }
      setRefusal(translateApiError(t, failure));
    }
  });

  const localeOptions = (locales.data ?? [{ code: profile.locale, name: profile.locale }]).map((entry) => ({
    value: entry.code,
    label: entry.name,
  }));
  const zoneOptions = timeZones.data ?? [profile.timezone];

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile:tabs.general')} data-testid="profile-form">
      <Stack gap="lg" maw={760}>
        {refusal ? (
          <Alert color="red" role="alert" title={t('profile:saveFailed')} data-testid="profile-error">
            {refusal}
          </Alert>
        ) : null}
        <Fieldset legend={t('profile:sections.identity')}>
          <Stack>
            <TextInput
              label={t('profile:fields.loginName')}
              value={profile.loginName}
              readOnly
              variant="filled"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('profile:fields.firstName')}
                required
                autoComplete="given-name"
                error={fieldError('firstName')}
                data-testid="profile-first-name"
                {...register('firstName')}
              />
              <TextInput
                label={t('profile:fields.lastName')}
                required
                autoComplete="family-name"
                error={fieldError('lastName')}
                data-testid="profile-last-name"
                {...register('lastName')}
              />
              <Controller
                control={control}
                name="preferredLanguage"
                render={({ field }) => (
                  <Select
                    label={t('profile:fields.preferredLanguage')}
                    data={[
                      { value: 'en', label: t('profile:languages.en') },
                      { value: 'fr', label: t('profile:languages.fr') },
                    ]}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? 'en')}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={fieldError('preferredLanguage')}
                    data-testid="profile-language"
                  />
                )}
              />
              <Controller
                control={control}
                name="locale"
                render={({ field }) => (
                  <Select
                    label={t('profile:fields.locale')}
                    description={t('profile:hints.locale', { example })}
                    data={localeOptions}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    searchable
                    error={fieldError('locale')}
                    data-testid="profile-locale"
                  />
                )}
              />
              <Controller
                control={control}
                name="timezone"
                render={({ field }) => (
                  <Select
                    label={t('profile:fields.timezone')}
                    data={zoneOptions}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    searchable
                    limit={50}
                    error={fieldError('timezone')}
                    data-testid="profile-timezone"
                  />
                )}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('profile:sections.mobile')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('profile:fields.smsAreaCode')}
              autoComplete="tel-country-code"
              maxLength={PHONE_LIMITS.areaCode}
              error={fieldError('smsAreaCode')}
              data-testid="profile-area-code"
              {...register('smsAreaCode')}
            />
            <Controller
              control={control}
              name="smsPhone"
              render={({ field }) => (
                <TextInput
                  label={t('profile:fields.smsPhone')}
                  description={
                    profile.companyDefMask
                      ? t('profile:hints.mask', { mask: profile.companyDefMask })
                      : undefined
                  }
                  autoComplete="tel-national"
                  inputMode="tel"
                  value={field.value ?? ''}
                  // The company's mask is applied as the user leaves the field, not under the caret.
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  onBlur={() => {
                    if (field.value) field.onChange(formatPhone(field.value, profile.companyDefMask));
                    field.onBlur();
                  }}
                  error={fieldError('smsPhone')}
                  style={{ gridColumn: 'span 2' }}
                  data-testid="profile-mobile"
                />
              )}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('profile:sections.password')}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('profile:hints.password')}
            </Text>
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={profile.loginName}
              readOnly
              hidden
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <PasswordInput
                label={t('profile:fields.currentPswd')}
                autoComplete="current-password"
                error={fieldError('currentPswd')}
                data-testid="profile-current-password"
                {...register('currentPswd', { deps: ['newPswd', 'confirmPswd'] })}
              />
              <PasswordInput
                label={t('profile:fields.newPswd')}
                autoComplete="new-password"
                error={fieldError('newPswd')}
                data-testid="profile-new-password"
                {...register('newPswd', { deps: ['currentPswd', 'confirmPswd'] })}
              />
              <PasswordInput
                label={t('profile:fields.confirmPswd')}
                autoComplete="new-password"
                error={fieldError('confirmPswd')}
                data-testid="profile-confirm-password"
                {...register('confirmPswd', { deps: ['currentPswd', 'newPswd'] })}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Group>
          <Button type="submit" loading={isSubmitting} data-testid="profile-save">
            {t('profile:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
