import { Alert, Anchor, Badge, Container, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Stands in for a main area that later issues build, so that the navigation is complete. */
export function ComingSoonRoute({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Container size="xl">
      <Stack>
        <Group>
          <Title order={1} size="h2">
            {t(titleKey)}
          </Title>
          <Badge variant="light" data-testid="coming-soon">
            {t('comingSoon.badge')}
          </Badge>
        </Group>
        <Alert color="blue">{t('comingSoon.message')}</Alert>
        <Anchor component={Link} to="/home">
          {t('comingSoon.backHome')}
        </Anchor>
      </Stack>
    </Container>
  );
}
