import { loginNameProblem } from '@settle/shared/rules/sign-in';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { PlainButton } from '../../../components/ui/plain-button';
import { PlainField } from '../../../components/ui/plain-field';
import classes from '../../../components/ui/plain-form.module.css';
import { translateApiError } from '../../../lib/api-error';
import { useTroubleSigningIn } from '../api/trouble-signing-in';

/**
 * Sign-in recovery: the login name only. The confirmation reads the same whether the login
 * exists or not, so the page tells nobody which logins exist.
 */
export function TroubleSigningInForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const request = useTroubleSigningIn();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  if (request.isSuccess) {
    return (
      <PlainAlert tone="success" title={t('auth:trouble.sentTitle')} role="status" data-testid="trouble-sent">
        {t('auth:trouble.sent')}
      </PlainAlert>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const loginName = inputRef.current?.value ?? '';
    const found = loginNameProblem(loginName);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    request.run(loginName.trim()).catch(() => undefined);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:trouble.title')}>
      <div className={classes.stack}>
        <p className={classes.small}>{t('auth:trouble.intro')}</p>
        {request.error ? (
          <PlainAlert
            tone="error"
            title={t('auth:trouble.failedTitle')}
            role="alert"
            data-testid="trouble-error"
          >
            {translateApiError(t, request.error)}
          </PlainAlert>
        ) : null}
        <PlainField
          ref={inputRef}
          name="loginName"
          label={t('auth:trouble.loginName')}
          autoComplete="username"
          data-testid="trouble-login-name"
          error={problem ? t(`auth:validation.loginName.${problem}`) : undefined}
          onChange={(event) => {
            if (submitted) setProblem(loginNameProblem(event.target.value));
          }}
        />
        <PlainButton type="submit" loading={request.isPending} data-testid="trouble-submit" wide>
          {t('auth:trouble.submit')}
        </PlainButton>
      </div>
    </form>
  );
}
