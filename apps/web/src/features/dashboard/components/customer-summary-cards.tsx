import { Alert, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { COMING_DUE_DAYS } from '@settle/shared/dashboard';
import type { DueCard } from '@settle/shared/rules/due-criteria';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useCustomerSummary } from '../api/get-customer-summary';
import { SummaryCard } from './summary-card';

const CARD_COUNT = 5;

/**
 * The open-item figures of the current account and currency; each card but the open balance
 * links to the invoice grid filtered on its invoices (`linkTo`, composed by the page) and
 * gives their count. The server date is shown by the page, not again here.
 */
export function CustomerSummaryCards(props: {
  custNo: string | null;
  currencyCode: string;
  /** Where a card leads: the grid with the card's filter on the summary's date. */
  linkTo: (card: DueCard, asOf: string) => string;
  /** Where the open-balance card leads: the grid of open invoices. */
  openLink: string;
  /** False inside a dashboard widget, whose frame names it. */
  withHeading?: boolean;
  /** TR_USER.ALLOW_BAL_DISP_ONLY: the open balance alone. */
  balanceOnly?: boolean;
  refetchInterval?: number | false;
}) {
  const { t } = useTranslation(['home', 'errors']);
  const { c2, n0 } = useFormatters();
  const summary = useCustomerSummary(props);

  // In a dashboard column the cards follow the column's width, not the window's.
  const inWidget = props.withHeading === false;
  const gridProps = inWidget
    ? ({ type: 'container', cols: { base: 1, '420px': 2, '900px': 5 } } as const)
    : ({ cols: { base: 1, sm: 2, lg: 5 } } as const);
  const heading = inWidget ? null : (
    <Title order={2} size="h4">
      {t('home:summary.title')}
    </Title>
  );

  if (summary.isPending) {
    return (
      <Stack data-testid="summary-loading" aria-busy="true">
        {heading}
        <SimpleGrid {...gridProps}>
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
      <SimpleGrid {...(props.balanceOnly ? { cols: 1 } : gridProps)}>
        <SummaryCard
          testId="summary-open"
          label={t('home:summary.open')}
          amount={c2(data.openBalance, currency)}
          detail={invoices(data.openCount)}
          to={props.openLink}
        />
        {props.balanceOnly ? null : (
          <>
            <SummaryCard
              testId="summary-overdue"
              label={t('home:summary.overdue')}
              amount={c2(data.overdueBalance, currency)}
              detail={invoices(data.overdueCount)}
              to={props.linkTo('overdue', data.asOf)}
            />
            <SummaryCard
              testId="summary-coming-due"
              label={t('home:summary.comingDue', { days: COMING_DUE_DAYS })}
              amount={c2(data.comingDueBalance, currency)}
              detail={invoices(data.comingDueCount)}
              to={props.linkTo('comingDue', data.asOf)}
            />
            <SummaryCard
              testId="summary-credits"
              label={t('home:summary.credits')}
              amount={c2(data.creditBalance, currency)}
              detail={invoices(data.creditCount)}
              to={props.linkTo('credits', data.asOf)}
            />
            <SummaryCard
              testId="summary-disputed"
              label={t('home:summary.disputed')}
              amount={c2(data.disputedAmount, currency)}
              detail={invoices(data.disputedCount)}
              to={props.linkTo('disputed', data.asOf)}
            />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}
