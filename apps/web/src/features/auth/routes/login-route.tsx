import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TUserData } from '@settle/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { AppName } from '../../../components/ui/app-name';
import { LanguageSwitcher } from '../../../components/ui/language-switcher';
import { normalizeLanguage } from '../../../lib/language';
import { clearLogoutReason } from '../../../lib/logout-reason';
import { useUserData } from '../../../lib/use-user-data';
import { setUserData } from '../../../lib/user-storage';
import { LegalLinks } from '../components/legal-links';
import { LoginForm } from '../components/login-form';
import { LogoutReasonAlert } from '../components/logout-reason-alert';
import { UnsupportedBrowserAlert } from '../components/unsupported-browser-alert';

export function LoginRoute() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userData = useUserData();

  if (userData) return <Navigate to="/home" replace />;

  const onSignedIn = (signedIn: TUserData) => {
    // Nothing cached for a previous user may show for this one.
    queryClient.clear();
    clearLogoutReason();
    setUserData(signedIn);
    void i18n.changeLanguage(normalizeLanguage(signedIn.language));
    void navigate('/home', { replace: true });
  };

  return (
    <Container size={440} py="xl">
      <Group justify="space-between" align="center">
        <AppName order={1} size="h2" />
        <LanguageSwitcher />
      </Group>
      <Paper withBorder shadow="sm" p="lg" radius="md" mt="lg">
        <Stack>
          <div>
            <Title order={2} size="h3">
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </div>
          <UnsupportedBrowserAlert />
          <LogoutReasonAlert />
          <LoginForm onSignedIn={onSignedIn} />
          <Anchor component={Link} to="/troubleSigningIn" size="sm" data-testid="trouble-signing-in">
            {t('login.troubleSigningIn')}
          </Anchor>
        </Stack>
      </Paper>
      <Stack mt="md">
        <LegalLinks />
      </Stack>
    </Container>
  );
}
