import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { COMING_DUE_DAYS } from '@settle/shared/dashboard';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useCustomerSummary } from '../api/get-customer-summary';
import { SummaryCard } from './summary-card';

const CARD_COUNT = 5;

export function CustomerSummaryCards(props: { custNo: string | null; currencyCode: string }) {
  const { t } = useTranslation(['home', 'errors']);
  const { c2, n0, date } = useFormatters();
  const summary = useCustomerSummary(props);

  const heading = (
    <Title order={2} size="h4">
      {t('home:summary.title')}
    </Title>
  );

  if (summary.isPending) {
    return (
      <Stack data-testid="summary-loading" aria-busy="true">
        {heading}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          {Array.from({ length: CARD_COUNT }, (_, index) => (
            // Placeholders have no identity of their own.
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
            <Paper key={index} withBorder p="md" radius="md">
              <Skeleton height={12} width="60%" mb="sm" />
              <Skeleton height={24} width="80%" />
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  if (summary.isError) {
    return (
      <Stack>
        {heading}
        <Alert color="red" title={t('home:summary.loadFailed')} data-testid="summary-error">
          {isSessionEndingError(summary.error) ? null : translateApiError(t, summary.error)}
        </Alert>
      </Stack>
    );
  }

  const data = summary.data;
  const currency = data.currencyCode;
  const invoices = (count: number) => t('home:summary.invoices', { count, formatted: n0(count) });

  return (
    <Stack>
      {heading}
      <Text size="sm" c="dimmed">
        {t('home:summary.asOf', { date: date(data.asOf) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <SummaryCard
          testId="summary-open"
          label={t('home:summary.open')}
          amount={c2(data.openBalance, currency)}
          detail={invoices(data.openCount)}
        />
        <SummaryCard
          testId="summary-overdue"
          label={t('home:summary.overdue')}
          amount={c2(data.overdueBalance, currency)}
          detail={invoices(data.overdueCount)}
        />
        <SummaryCard
          testId="summary-coming-due"
          label={t('home:summary.comingDue', { days: COMING_DUE_DAYS })}
          amount={c2(data.comingDueBalance, currency)}
          detail={invoices(data.comingDueCount)}
        />
        <SummaryCard
          testId="summary-credits"
          label={t('home:summary.credits')}
          amount={c2(data.creditBalance, currency)}
        />
        <SummaryCard
          testId="summary-disputed"
          label={t('home:summary.disputed')}
          amount={c2(data.disputedAmount, currency)}
        />
      </SimpleGrid>
    </Stack>
  );
}
