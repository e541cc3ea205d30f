import { Alert, Paper, Skeleton, Text, Timeline, Title } from '@mantine/core';
import type { TActivityEntry } from '@settle/shared/activity';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { type Formatters, useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useInvoiceActivity } from '../api/get-invoice-activity';

/** The details an entry's sentence uses, with dates and amounts in the user's formats. */
function sentenceValues(entry: TActivityEntry, formatters: Formatters, currencyCode: string, t: TFunction) {
  const { details } = entry;
  const status = (code: string | undefined) =>
    code ? t(`disputes:status.${code}`, { defaultValue: code }) : '';
  return {
    ...details,
    ...(entry.kind === 'DISPUTE_STATUS_CHANGED'
      ? { from: status(details.from), to: status(details.to) }
      : {}),
    probNo: entry.probNo ?? details.probNo ?? '',
    nextFollowupDate: details.nextFollowupDate ? formatters.date(details.nextFollowupDate) : '',
    disputedAmount: details.disputedAmount ? formatters.c2(details.disputedAmount, currencyCode) : '',
    amount: details.amount ? formatters.c2(details.amount, currencyCode) : '',
  };
}

/** The invoice's timeline: who did what and when, newest first, in the user's language and time zone. */
export function InvoiceActivity(props: { invNo: string; currencyCode: string }) {
  const { t } = useTranslation(['activity', 'errors']);
  const formatters = useFormatters();
  const { currentCustNo } = useSignedInUser();
  const activity = useInvoiceActivity({ invNo: props.invNo, custNo: currentCustNo ?? '' });
  const entries = [...(activity.data?.entries ?? [])].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);

  return (
    <Paper withBorder p="md" radius="md" data-testid="invoice-activity">
      <Title order={2} size="h5" mb="sm">
        {t('activity:title')}
      </Title>
      {activity.isPending ? <Skeleton height={60} /> : null}
      {activity.isError ? (
        <Alert color="red">
          {isSessionEndingError(activity.error) ? null : translateApiError(t, activity.error)}
        </Alert>
      ) : null}
      {activity.data && entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('activity:none')}
        </Text>
      ) : null}
      {entries.length > 0 ? (
        <Timeline bulletSize={14} lineWidth={2} active={-1}>
          {entries.map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={t(
                `activity:kind.${entry.kind}`,
                sentenceValues(entry, formatters, props.currencyCode, t),
              )}
              data-testid="activity-entry"
              data-kind={entry.kind}
            >
              {entry.kind === 'DISPUTE_NOTE_ADDED' && entry.details.note ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.details.note}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {t('activity:byAt', { name: entry.by, when: formatters.dateTime(entry.at) })}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : null}
    </Paper>
  );
}
