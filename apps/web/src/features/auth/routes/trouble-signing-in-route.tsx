import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '../../../components/ui/plain-form.module.css';
import { SignInFrame } from '../../../components/ui/sign-in-frame';
import { TroubleSigningInForm } from '../components/trouble-signing-in-form';

/** /troubleSigningIn: ask for a recovery e-mail, then back to the login page. */
export function TroubleSigningInRoute() {
  const { t } = useTranslation('auth');
  return (
    <SignInFrame title={t('trouble.title')}>
      <TroubleSigningInForm />
      <Link to="/login" className={classes.link} data-testid="back-to-login">
        {t('trouble.backToLogin')}
      </Link>
    </SignInFrame>
  );
}
