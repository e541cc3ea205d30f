import { ConfirmationMessage } from '@settle/shared/account-setup';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import { translateApiError } from '../../../lib/api-error';
import { useRegistrationContext } from '../api/get-registration-context';
import { CheckingLink } from '../components/checking-link';
import { LinkProblem } from '../components/link-problem';
import { RegistrationForm } from '../components/registration-form';
import { readLinkParams } from '../lib/link-params';

const LINK_PARAMS = ['companyId', 'contactId'] as const;

/** /registration?companyId&contactId: the provider's invitation link (both values sealed). */
export function RegistrationRoute() {
  const { t } = useTranslation(['accountSetup', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = useMemo(() => readLinkParams(params, LINK_PARAMS), [params]);
  const context = useRegistrationContext(link);
  const signIn = { to: '/login', label: t('accountSetup:links.login'), testId: 'go-to-login' };

  const title = context.data
    ? t('accountSetup:registration.title', { company: context.data.company })
    : t('accountSetup:registration.titleFallback');
  const subtitle = context.data
    ? t('accountSetup:registration.subtitle', {
        name: [context.data.firstName, context.data.lastName].filter(Boolean).join(' '),
        company: context.data.company,
      })
    : undefined;

  let body: ReactNode;
  if (!link) body = <LinkProblem message={t('errors:INVALID_LINK')} action={signIn} />;
  else if (context.isPending) body = <CheckingLink />;
  else if (context.isError)
    body = <LinkProblem message={translateApiError(t, context.error)} action={signIn} />;
  else {
    body = (
      <RegistrationForm
        link={link}
        context={context.data}
        onRegistered={() =>
          void navigate(`/confirmation/${ConfirmationMessage.REGISTRATION_EMAIL_SENT}`, { replace: true })
        }
      />
    );
  }

  return (
    <SignInFrame title={title} subtitle={subtitle}>
      {body}
    </SignInFrame>
  );
}
