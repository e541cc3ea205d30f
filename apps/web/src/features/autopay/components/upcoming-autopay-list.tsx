import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TAutopayUpcoming } from '@settle/shared/autopay';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSkipAutopayInvoice } from '../api/skip-autopay-invoice';

/** A widget shows the first invoices to be paid; the rest are counted. */
const SHOWN = 10;

/** Upcoming autopayments of one rule: the next run (date, amount) and each invoice with "skip this one". */
export function UpcomingAutopayList({ upcoming }: { upcoming: TAutopayUpcoming }) {
  const { t } = useTranslation(['autopay', 'errors']);
  const { c2, date } = useFormatters();
  const skip = useSkipAutopayInvoice();
  const [problem, setProblem] = useState<string | null>(null);
  const onSkip = async (invNo: string) => {
    setProblem(null);
    try {
      await skip.mutateAsync({ custNo: upcoming.custNo, currency: upcoming.currencyCode, invNo });
    } catch (error) {
      setProblem(translateApiError(t, error));
    }
  };
  return (
    <Stack gap={4} data-testid={`autopay-upcoming-${upcoming.custNo}-${upcoming.currencyCode}`}>
      <Text size="sm" fw={600} data-testid="autopay-next-run">
        {upcoming.nextRunDate
          ? t('autopay:upcoming.next', {
              date: date(upcoming.nextRunDate),
              amount: c2(upcoming.amount, upcoming.currencyCode),
              custNo: upcoming.custNo,
            })
          : t('autopay:upcoming.nothing', { custNo: upcoming.custNo, currency: upcoming.currencyCode })}
      </Text>
      {problem ? (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      ) : null}
      {upcoming.invoices.length > 0 ? (
        <Table fz="sm" verticalSpacing={4} data-testid="autopay-upcoming-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('autopay:upcoming.invNo')}</Table.Th>
              <Table.Th scope="col">{t('autopay:upcoming.payOn')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('autopay:upcoming.amount')}
              </Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('autopay:upcoming.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upcoming.invoices.slice(0, SHOWN).map((invoice) => (
              <Table.Tr key={invoice.invNo} data-testid={`autopay-row-${invoice.invNo}`}>
                <Table.Td>{invoice.invNo}</Table.Td>
                <Table.Td>{date(invoice.payOn)}</Table.Td>
                <Table.Td ta="end">{c2(invoice.amount, upcoming.currencyCode)}</Table.Td>
                <Table.Td ta="end">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onSkip(invoice.invNo)}
                    loading={skip.isPending && skip.variables?.invNo === invoice.invNo}
                    aria-label={t('autopay:upcoming.skipLabel', { invNo: invoice.invNo })}
                    data-testid={`autopay-skip-${invoice.invNo}`}
                  >
                    {t('autopay:upcoming.skip')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {upcoming.invoices.length > SHOWN ? (
        <Text size="sm" c="dimmed" data-testid="autopay-more">
          {t('autopay:upcoming.more', { count: upcoming.invoices.length - SHOWN })}
        </Text>
      ) : null}
    </Stack>
  );
}
