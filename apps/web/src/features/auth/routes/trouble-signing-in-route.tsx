import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import { TroubleSigningInForm } from '../components/trouble-signing-in-form';

/** /troubleSigningIn: ask for a recovery e-mail, then back to the login page. */
export function TroubleSigningInRoute() {
  const { t } = useTranslation('auth');
  return (
    <SignInFrame title={t('trouble.title')}>
      <TroubleSigningInForm />
      <Anchor component={Link} to="/login" size="sm" data-testid="back-to-login">
        {t('trouble.backToLogin')}
      </Anchor>
    </SignInFrame>
  );
}
