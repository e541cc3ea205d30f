import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { type TTroubleSigningInForm, ZTroubleSigningInForm } from '@settle/shared/auth-steps';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useTroubleSigningIn } from '../api/trouble-signing-in';

/**
 * Sign-in recovery: the login name only. The confirmation reads the same whether the login
 * exists or not, so the page tells nobody which logins exist.
 */
export function TroubleSigningInForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const mutation = useTroubleSigningIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TTroubleSigningInForm>({
    resolver: zodResolver(ZTroubleSigningInForm),
    defaultValues: { loginName: '' },
  });

  if (mutation.isSuccess) {
    return (
      <Alert color="green" title={t('auth:trouble.sentTitle')} role="status" data-testid="trouble-sent">
        {t('auth:trouble.sent')}
      </Alert>
    );
  }

  const onSubmit = handleSubmit(({ loginName }) => mutation.mutate(loginName));
  const loginNameError = errors.loginName
    ? t(`auth:validation.loginName.${errors.loginName.type}`, { defaultValue: errors.loginName.message })
    : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:trouble.title')}>
      <Stack>
        <Text size="sm">{t('auth:trouble.intro')}</Text>
        {mutation.error ? (
          <Alert color="red" title={t('auth:trouble.failedTitle')} role="alert" data-testid="trouble-error">
            {translateApiError(t, mutation.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth:trouble.loginName')}
          autoComplete="username"
          data-testid="trouble-login-name"
          error={loginNameError}
          {...register('loginName')}
        />
        <Button type="submit" loading={mutation.isPending} data-testid="trouble-submit" fullWidth>
          {t('auth:trouble.submit')}
        </Button>
      </Stack>
    </form>
  );
}
