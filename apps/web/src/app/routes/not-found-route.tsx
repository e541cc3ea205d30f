import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserData } from '../../lib/use-user-data';
import { PublicShell } from '../layout/public-layout';
import { SignedInShell } from '../layout/signed-in-layout';

/**
 * An unknown address says so instead of silently moving the user elsewhere: inside the
 * signed-in shell with a way home, or, signed out, on a plain page with a way to sign in.
 */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const signedIn = useUserData() !== null;
  const page = (
    <Container size="sm" py="xl">
      <Stack align="flex-start" data-testid="not-found">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.message')}</Text>
        <Button component={Link} to={signedIn ? '/home' : '/login'} data-testid="not-found-home">
          {t(signedIn ? 'notFound.home' : 'notFound.signIn')}
        </Button>
      </Stack>
    </Container>
  );
  return signedIn ? <SignedInShell>{page}</SignedInShell> : <PublicShell>{page}</PublicShell>;
}
