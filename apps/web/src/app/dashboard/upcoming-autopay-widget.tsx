import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAutopayUpcoming } from '../../features/autopay/api/get-autopay-upcoming';
import { UpcomingAutopayList } from '../../features/autopay/components/upcoming-autopay-list';
import { WidgetState } from '../../features/dashboard/components/widget-state';
import type { WidgetProps } from '../../features/dashboard/lib/widget-registry';

/** Upcoming autopayments: per active rule, the next run date, its invoices and amount, with skip. */
export function UpcomingAutopayWidget({ refetchInterval }: WidgetProps) {
  const { t } = useTranslation('autopay');
  const upcoming = useAutopayUpcoming({ refetchInterval });
  return (
    <WidgetState
      query={upcoming}
      isEmpty={(data) => data.length === 0}
      emptyText={t('upcoming.empty')}
      testId="autopay-upcoming"
    >
      {(data) => (
        <Stack gap="md">
          {data.map((entry) => (
            <UpcomingAutopayList key={entry.ruleId} upcoming={entry} />
          ))}
        </Stack>
      )}
    </WidgetState>
  );
}
