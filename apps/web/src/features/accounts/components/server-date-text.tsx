import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import { useServerDate } from '../api/get-server-date';

/** Today as the server sees it (in the user's time zone), which due dates are measured against. */
export function ServerDateText() {
  const { t } = useTranslation('accounts');
  const { date } = useFormatters();
  const serverDate = useServerDate();
  if (serverDate.isPending) return <Skeleton height={16} width={180} />;
  if (!serverDate.data) return null;
  return (
    <Text c="dimmed" size="sm" data-testid="server-date">
      {t('serverDate', { date: date(serverDate.data.serverDate) })}
    </Text>
  );
}
