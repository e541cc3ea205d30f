import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_LENGTH, type TPasswordPair, ZPasswordPair } from '@settle/shared/account-setup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { submitAlertText } from '../lib/account-setup-errors';
import { serverFieldErrors } from '../lib/server-field-errors';
import { translateFieldMessage } from '../lib/translate-field-message';

const FIELDS = ['password', 'confirmPassword'] as const;
type TFieldName = (typeof FIELDS)[number];

interface PasswordFormProps {
  /** The account's login name: password managers file the new password under it. */
  loginName: string;
  intro: string;
  submitLabel: string;
  /** Sends the pair; a rejection with field messages puts them under the fields. */
  onSubmit: (pair: TPasswordPair) => Promise<void>;
  /** The last failed submit, for the alert above the form. */
  error: unknown;
}

/** Password and confirmation, shared by activation and password reset (spec: 8 to 20, must match). */
export function PasswordForm({ loginName, intro, submitLabel, onSubmit, error }: PasswordFormProps) {
  const { t } = useTranslation(['accountSetup', 'errors']);
  const [shownFieldErrors, setShownFieldErrors] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting, touchedFields },
  } = useForm<TPasswordPair>({
    resolver: zodResolver(ZPasswordPair),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async (pair) => {
    try {
      await onSubmit(pair);
    } catch (failure) {
      const placed = serverFieldErrors(failure, FIELDS);
      for (const found of placed) setError(found.field, { type: 'server', message: found.message });
      setShownFieldErrors(placed.length);
    }
  });

  const fieldError = (field: TFieldName) => translateFieldMessage(t, errors[field]?.message);
  const alertText = submitAlertText(t, error, shownFieldErrors);

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack>
        <Text size="sm">{intro}</Text>
        {alertText ? (
          <Alert
            color="red"
            role="alert"
            title={t('accountSetup:password.failedTitle')}
            data-testid="password-error"
          >
            {alertText}
          </Alert>
        ) : null}
        {/* Lets a password manager file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={loginName} readOnly hidden />
        <PasswordInput
          label={t('accountSetup:password.password')}
          description={t('accountSetup:password.hint', PASSWORD_LENGTH)}
          autoComplete="new-password"
          required
          data-testid="new-password"
          error={fieldError('password')}
          {...register('password', {
            // A changed password can make the confirmation right or wrong, once it has been typed.
            deps: touchedFields.confirmPassword ? ['confirmPassword'] : undefined,
          })}
        />
        <PasswordInput
          label={t('accountSetup:password.confirmPassword')}
          autoComplete="new-password"
          required
          data-testid="confirm-password"
          error={fieldError('confirmPassword')}
          {...register('confirmPassword', {
            // The pair decides the password's own message (its length shows once both are typed).
            deps: ['password'],
          })}
        />
        <Button
          type="submit"
          disabled={!isValid}
          loading={isSubmitting}
          data-testid="password-submit"
          fullWidth
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
