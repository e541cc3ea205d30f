import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While the link's values are being checked with the server. */
export function CheckingLink() {
  const { t } = useTranslation('accountSetup');
  return (
    <Group gap="sm" role="status" data-testid="checking-link">
      <Loader size="sm" />
      <Text size="sm">{t('loading')}</Text>
    </Group>
  );
}
