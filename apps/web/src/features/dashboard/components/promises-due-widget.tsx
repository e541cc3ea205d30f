import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { usePromisesDue } from '../api/get-promises-due';
import type { WidgetProps } from '../lib/widget-registry';
import { WidgetState } from './widget-state';

/** Promised invoices by their follow-up date, the nearest first. */
export function PromisesDueWidget({ refetchInterval }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const { c2, date } = useFormatters();
  const { currentCustNo, currencyCode } = useSignedInUser();
  const promises = usePromisesDue({ custNo: currentCustNo, currencyCode, refetchInterval });
  return (
    <WidgetState
      query={promises}
      isEmpty={(data) => data.items.length === 0}
      emptyText={t('promises.empty')}
      testId="promises"
    >
      {(data) => (
        <Table data-testid="promises-table" fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columns.invNo')}</Table.Th>
              <Table.Th scope="col">{t('promises.followUp')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('promises.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((item) => (
              <Table.Tr key={item.invNo}>
                <Table.Td>{item.invNo}</Table.Td>
                <Table.Td>{item.nextFollowupDate ? date(item.nextFollowupDate) : '—'}</Table.Td>
                <Table.Td ta="end">{c2(item.promiseAmount, item.tranCurrencyCode)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </WidgetState>
  );
}
