import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCollector } from '../api/get-collector';

/** "Questions? Your collector: …" with mail and phone links; nothing when there is none. */
export function CollectorContact({ custNo }: { custNo: string }) {
  const { t } = useTranslation('invoices');
  const collector = useCollector(custNo);
  if (!collector.data?.name) return null;
  const { name, email, phone } = collector.data;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="collector-contact">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('collector.question')}
        </Text>
        <Text size="sm">{t('collector.yourCollector', { name })}</Text>
        {email ? (
          <Anchor size="sm" href={`mailto:${email}`}>
            {email}
          </Anchor>
        ) : null}
        {phone ? (
          <Anchor size="sm" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {phone}
          </Anchor>
        ) : null}
      </Group>
    </Paper>
  );
}
