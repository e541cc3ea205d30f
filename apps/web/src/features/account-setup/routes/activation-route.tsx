import type { TPasswordPair } from '@settle/shared/account-setup';
import { isPinRequired, SignInStepErrorCode } from '@settle/shared/auth-steps';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import { ApiError, translateApiError } from '../../../lib/api-error';
import { MOBILE_STEP_PATH, PIN_STEP_PATH, setPendingSignIn } from '../../../lib/pending-sign-in';
import { useCompleteSignIn } from '../../../lib/use-complete-sign-in';
import { useActivate } from '../api/activate';
import { useNamedUser } from '../api/decrypt-named-user';
import { useVerifyUserAsInactive } from '../api/verify-user-as-inactive';
import { CheckingLink } from '../components/checking-link';
import { LinkProblem } from '../components/link-problem';
import { PasswordForm } from '../components/password-form';
import { isDeadLinkError } from '../lib/account-setup-errors';
import { readLinkParams } from '../lib/link-params';

const LINK_PARAMS = ['companyId', 'code', 'namedUser'] as const;

/**
 * /activation?companyId&code&namedUser: the emailed link after registration. The first
 * password signs the user in, exactly as the login page would (code step included).
 */
export function ActivationRoute() {
  const { t } = useTranslation(['accountSetup', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = useMemo(() => readLinkParams(params, LINK_PARAMS), [params]);
  const namedUser = useNamedUser(link?.namedUser ?? null);
  const inactive = useVerifyUserAsInactive(
    link ? { encryptedCompanyId: link.companyId, namedUser: link.namedUser } : null,
  );
  const mutation = useActivate();
  const completeSignIn = useCompleteSignIn();
  const signIn = { to: '/login', label: t('accountSetup:links.login'), testId: 'go-to-login' };
  const loginName = namedUser.data;

  const submit = async (pair: TPasswordPair) => {
    if (!link || !loginName) return;
    try {
      const answer = await mutation.mutateAsync({
        encryptedCompanyId: link.companyId,
        activationCode: link.code,
        namedUser: link.namedUser,
        ...pair,
      });
      if (isPinRequired(answer)) {
        setPendingSignIn({ loginName, password: pair.password, maskedMobile: answer.maskedMobile });
        void navigate(PIN_STEP_PATH, { replace: true });
      } else {
        completeSignIn(answer);
      }
    } catch (error) {
      // The account is active now; only the code step is left, as after the login page.
      if (error instanceof ApiError && error.code === SignInStepErrorCode.SEND_PINCODE_NO_MOBILE) {
        setPendingSignIn({ loginName, password: pair.password });
        void navigate(MOBILE_STEP_PATH, { replace: true });
        return;
      }
      throw error;
    }
  };

  const linkError =
    namedUser.error ?? inactive.error ?? (isDeadLinkError(mutation.error) ? mutation.error : null);
  let body: ReactNode;
  if (!link) body = <LinkProblem message={t('errors:INVALID_LINK')} action={signIn} />;
  else if (linkError) body = <LinkProblem message={translateApiError(t, linkError)} action={signIn} />;
  else if (!loginName || inactive.isPending) body = <CheckingLink />;
  else {
    body = (
      <PasswordForm
        loginName={loginName}
        intro={t('accountSetup:activation.intro')}
        submitLabel={t('accountSetup:activation.submit')}
        onSubmit={submit}
        error={mutation.error}
      />
    );
  }

  return (
    <SignInFrame
      title={
        loginName ? t('accountSetup:activation.titleFor', { loginName }) : t('accountSetup:activation.title')
      }
    >
      {body}
    </SignInFrame>
  );
}
