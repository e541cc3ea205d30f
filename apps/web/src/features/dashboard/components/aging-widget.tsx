import { Table } from '@mantine/core';
import type { TAging } from '@settle/shared/dashboard';
import { toMinorUnits } from '@settle/shared/money';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useAging } from '../api/get-aging';
import type { WidgetProps } from '../lib/widget-registry';
import classes from './aging-widget.module.css';
import { WidgetState } from './widget-state';

/**
 * Open items by days past due. The chart is a table: each bucket's bar sits beside its amount
 * and count, so a screen reader reads the figures and nobody has to guess a bar's value.
 */
export function AgingWidget({ refetchInterval }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const { currentCustNo, currencyCode } = useSignedInUser();
  const aging = useAging({ custNo: currentCustNo, currencyCode, refetchInterval });
  return (
    <WidgetState
      query={aging}
      isEmpty={(data) => data.buckets.every((entry) => entry.count === 0)}
      emptyText={t('aging.empty')}
      testId="aging"
    >
      {(data) => <AgingTable data={data} />}
    </WidgetState>
  );
}

function AgingTable({ data }: { data: TAging }) {
  const { t } = useTranslation('dashboard');
  const { c2, n0 } = useFormatters();
  const largest = Math.max(1, ...data.buckets.map((entry) => toMinorUnits(entry.amount)));
  return (
    <div className={classes.fit}>
      <Table data-testid="aging-table" verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Caption>{t('aging.caption', { currency: data.currencyCode })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('aging.bucket')}</Table.Th>
            <Table.Th scope="col" className={classes.barCell}>
              <span className={classes.hiddenLabel}>{t('aging.bar')}</span>
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('aging.amount')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('aging.count')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.buckets.map((entry) => {
            const share = Math.max(0, toMinorUnits(entry.amount)) / largest;
            return (
              <Table.Tr key={entry.bucket} data-testid={`aging-${entry.bucket}`}>
                <Table.Th scope="row" fw={500}>
                  {t(`aging.buckets.${entry.bucket}`)}
                </Table.Th>
                <Table.Td className={classes.barCell}>
                  <svg
                    className={classes.bar}
                    viewBox="0 0 100 10"
                    preserveAspectRatio="none"
                    aria-hidden="true"
                  >
                    <rect x="0" y="0" width={Math.max(share * 100, share > 0 ? 1 : 0)} height="10" />
                  </svg>
                </Table.Td>
                <Table.Td ta="end" className={classes.figure}>
                  {c2(entry.amount, data.currencyCode)}
                </Table.Td>
                <Table.Td ta="end" className={classes.figure}>
                  {n0(entry.count)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('aging.total')}</Table.Th>
            <Table.Td className={classes.barCell} />
            <Table.Td ta="end" fw={600} className={classes.figure} data-testid="aging-total">
              {c2(data.total, data.currencyCode)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}
