import { Button, Text } from '@mantine/core';
import { ConfirmationMessage } from '@settle/shared/account-setup';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SignInFrame } from '../../../components/ui/sign-in-frame';

const KNOWN = new Set<string>(Object.values(ConfirmationMessage));

/** /confirmation/:message: what just happened, and the way to the login page. */
export function ConfirmationRoute() {
  const { t } = useTranslation('accountSetup');
  const { message = '' } = useParams();
  // An unknown code comes from an edited address: a neutral text, never the code itself.
  const key = KNOWN.has(message) ? message : 'unknown';
  return (
    <SignInFrame title={t(`confirmation.${key}.title`)}>
      <Text size="sm" data-testid="confirmation-text">
        {t(`confirmation.${key}.text`)}
      </Text>
      <Button component={Link} to="/login" data-testid="go-to-login" fullWidth>
        {t('links.login')}
      </Button>
    </SignInFrame>
  );
}
