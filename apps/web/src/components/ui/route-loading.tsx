import { Center, Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a screen's code is fetched (the first visit of a lazily loaded route): a
 * polite status with a translated name, so that a screen reader hears that something comes.
 * `inline`: a small notice at the top over the page still shown, during a navigation.
 */
export function RouteLoading({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  if (inline) {
    return (
      <Paper
        role="status"
        aria-live="polite"
        aria-label={t('loading')}
        data-testid="route-loading"
        shadow="sm"
        withBorder
        px="sm"
        py={4}
        pos="fixed"
        top={8}
        left="50%"
        style={{ transform: 'translateX(-50%)', zIndex: 1000 }}
      >
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Center role="status" aria-live="polite" aria-label={t('loading')} data-testid="route-loading" mih="60vh">
      <Loader size="sm" aria-hidden="true" />
    </Center>
  );
}
