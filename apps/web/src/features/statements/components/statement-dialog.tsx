import { Alert, Button, Group, Modal, Skeleton, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { compareCalendarDates, isCalendarDate } from '@settle/shared/calendar-date';
import { defaultStatementPeriod } from '@settle/shared/statements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { downloadStatement } from '../api/download-statement';
import { useStatement } from '../api/get-statement';
import { useSetStatementSubscription, useStatementSubscriptions } from '../api/statement-subscriptions';

/**
 * The statement of account of a customer and currency: a period (the month to date unless
 * changed), its figures, the PDF and Excel downloads, and the monthly email switch.
 */
export function StatementDialog(props: {
  opened: boolean;
  onClose: () => void;
  custNo: string;
  currencyCode: string;
  today: string;
}) {
  const { t } = useTranslation(['statements', 'errors']);
  const { c2 } = useFormatters();
  const initial = defaultStatementPeriod(props.today, {});
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [downloading, setDownloading] = useState<'pdf' | 'xlsx' | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const periodError =
    !isCalendarDate(from) || !isCalendarDate(to)
      ? t('statements:dateInvalid')
      : compareCalendarDates(from, to) > 0
        ? t('statements:periodOrder')
        : null;
  const params = { custNo: props.custNo, currencyCode: props.currencyCode, from, to };
  const statement = useStatement(params, props.opened && periodError === null);
  const subscriptions = useStatementSubscriptions();
  const setSubscription = useSetStatementSubscription();
  const subscribed = (subscriptions.data ?? []).some(
    (entry) => entry.custNo === props.custNo && entry.currencyCode === props.currencyCode,
  );

  const download = async (format: 'pdf' | 'xlsx') => {
    setDownloading(format);
    setDownloadError(null);
    try {
      await downloadStatement(params, format);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(null);
    }
  };
  const money = (value: string) => c2(value, props.currencyCode);

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('statements:title')} size="lg">
      <Stack data-testid="statement-dialog">
        <Text size="sm">{t('statements:intro', { custNo: props.custNo, currency: props.currencyCode })}</Text>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('statements:from')}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            error={periodError === t('statements:periodOrder') ? periodError : undefined}
            data-testid="statement-from"
          />
          <TextInput
            type="date"
            label={t('statements:to')}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={periodError === t('statements:dateInvalid') ? periodError : undefined}
            data-testid="statement-to"
          />
        </Group>
        {periodError ? null : statement.isPending ? (
          <Stack gap="xs" aria-busy="true" data-testid="statement-loading">
            <Skeleton height={14} />
            <Skeleton height={14} width="60%" />
          </Stack>
        ) : statement.isError ? (
          <Alert color="red" title={t('statements:loadFailed')} data-testid="statement-error">
            {isSessionEndingError(statement.error) ? null : translateApiError(t, statement.error)}
          </Alert>
        ) : (
          <Table data-testid="statement-totals" fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {(
                [
                  ['openItems', statement.data.totals.openItems, statement.data.openItems.length],
                  ['credits', statement.data.totals.credits, statement.data.credits.length],
                  ['payments', statement.data.totals.payments, statement.data.payments.length],
                  ['balanceDue', statement.data.totals.balanceDue, null],
                ] as const
              ).map(([key, amount, count]) => (
                <Table.Tr key={key} data-testid={`statement-total-${key}`}>
                  <Table.Th scope="row" fw={key === 'balanceDue' ? 700 : 500}>
                    {t(`statements:totals.${key}`)}
                    {count === null ? '' : ` (${count})`}
                  </Table.Th>
                  <Table.Td ta="end" fw={key === 'balanceDue' ? 700 : undefined}>
                    {money(amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {downloadError ? (
          <Alert color="red" data-testid="statement-download-error">
            {translateApiError(t, downloadError)}
          </Alert>
        ) : null}
        <Group>
          <Button
            onClick={() => void download('pdf')}
            loading={downloading === 'pdf'}
            disabled={periodError !== null}
            data-testid="statement-pdf"
          >
            {t('statements:downloadPdf')}
          </Button>
          <Button
            variant="default"
            onClick={() => void download('xlsx')}
            loading={downloading === 'xlsx'}
            disabled={periodError !== null}
            data-testid="statement-xlsx"
          >
            {t('statements:downloadXlsx')}
          </Button>
        </Group>
        <StatementEmailSwitch
          checked={subscribed}
          disabled={subscriptions.isPending || setSubscription.isPending}
          onChange={(enabled) =>
            setSubscription.mutate({ custNo: props.custNo, currencyCode: props.currencyCode, enabled })
          }
        />
      </Stack>
    </Modal>
  );
}

function StatementEmailSwitch(props: {
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('statements');
  return (
    <Switch
      label={t('monthlyEmail')}
      description={t('monthlyEmailHint')}
      checked={props.checked}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      data-testid="statement-monthly"
    />
  );
}

/** The monthly statement email of one customer and currency, on its own (the profile's reminders tab). */
export function StatementSubscriptionSwitch(props: { custNo: string; currencyCode: string }) {
  const subscriptions = useStatementSubscriptions();
  const setSubscription = useSetStatementSubscription();
  const checked = (subscriptions.data ?? []).some(
    (entry) => entry.custNo === props.custNo && entry.currencyCode === props.currencyCode,
  );
  return (
    <StatementEmailSwitch
      checked={checked}
      disabled={subscriptions.isPending || setSubscription.isPending}
      onChange={(enabled) => setSubscription.mutate({ ...props, enabled })}
    />
  );
}
