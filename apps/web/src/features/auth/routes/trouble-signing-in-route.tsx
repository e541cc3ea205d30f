import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppName } from '../../../components/ui/app-name';

/** Sign-in recovery is a separate piece of work; until then the page says who can help. */
export function TroubleSigningInRoute() {
  const { t } = useTranslation('auth');
  return (
    <Container size={440} py="xl">
      <AppName order={1} size="h2" />
      <Paper withBorder shadow="sm" p="lg" radius="md" mt="lg">
        <Stack>
          <Title order={2} size="h3">
            {t('trouble.title')}
          </Title>
          <Text>{t('trouble.message')}</Text>
          <Anchor component={Link} to="/login">
            {t('trouble.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
