import { ConfirmationMessage, type TPasswordPair } from '@settle/shared/account-setup';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import { translateApiError } from '../../../lib/api-error';
import { useNamedUser } from '../api/decrypt-named-user';
import { useResetPassword } from '../api/reset-password';
import { CheckingLink } from '../components/checking-link';
import { LinkProblem } from '../components/link-problem';
import { PasswordForm } from '../components/password-form';
import { isDeadLinkError } from '../lib/account-setup-errors';
import { readLinkParams } from '../lib/link-params';

const LINK_PARAMS = ['companyId', 'code', 'namedUser'] as const;

/** /resetPassword?companyId&code&namedUser: the recovery email's link (from /troubleSigningIn). */
export function ResetPasswordRoute() {
  const { t } = useTranslation(['accountSetup', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = useMemo(() => readLinkParams(params, LINK_PARAMS), [params]);
  const namedUser = useNamedUser(link?.namedUser ?? null);
  const mutation = useResetPassword();
  // A used, expired or damaged recovery link: the way on is a new recovery email.
  const newLink = {
    to: '/troubleSigningIn',
    label: t('accountSetup:links.troubleSigningIn'),
    testId: 'go-to-trouble-signing-in',
  };
  const loginName = namedUser.data;

  const submit = async (pair: TPasswordPair) => {
    if (!link) return;
    await mutation.mutateAsync({
      encryptedCompanyId: link.companyId,
      activationCode: link.code,
      namedUser: link.namedUser,
      ...pair,
    });
    void navigate(`/confirmation/${ConfirmationMessage.PASSWORD_RESET_DONE}`, { replace: true });
  };

  const linkError = namedUser.error ?? (isDeadLinkError(mutation.error) ? mutation.error : null);
  let body: ReactNode;
  if (!link) body = <LinkProblem message={t('errors:INVALID_LINK')} action={newLink} />;
  else if (linkError) body = <LinkProblem message={translateApiError(t, linkError)} action={newLink} />;
  else if (!loginName) body = <CheckingLink />;
  else {
    body = (
      <PasswordForm
        loginName={loginName}
        intro={t('accountSetup:resetPassword.intro')}
        submitLabel={t('accountSetup:resetPassword.submit')}
        onSubmit={submit}
        error={mutation.error}
      />
    );
  }

  return (
    <SignInFrame
      title={
        loginName
          ? t('accountSetup:resetPassword.titleFor', { loginName })
          : t('accountSetup:resetPassword.title')
      }
    >
      {body}
    </SignInFrame>
  );
}
