import { Anchor, Badge, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WidgetState } from '../../features/dashboard/components/widget-state';
import type { WidgetProps } from '../../features/dashboard/lib/widget-registry';
import { getPaymentLogs, paymentLogsRootKey } from '../../features/payment-logs/api/get-payment-logs';
import { STATUS_COLOR } from '../../features/payment-logs/lib/payment-log-labels';
import { useFormatters } from '../../lib/use-formatters';
import { useSignedInUser } from '../../lib/use-user-data';

const RECENT_PAYMENTS = 5;

/** The customer's latest payments in the current currency (the payment log, newest first). */
export function RecentPaymentsWidget({ refetchInterval }: WidgetProps) {
  const { t } = useTranslation(['dashboard', 'paymentLogs']);
  const { c2, dateTime } = useFormatters();
  const { currentCustNo, currencyCode } = useSignedInUser();
  const params = {
    custNo: currentCustNo ?? '',
    currencyCode,
    dateRange: 'ALL' as const,
    page: 1,
    pageSize: RECENT_PAYMENTS,
    sort: 'createdAt',
    dir: 'desc' as const,
  };
  const payments = useQuery({
    queryKey: [...paymentLogsRootKey, 'recent', params],
    queryFn: ({ signal }) => getPaymentLogs(params, signal),
    enabled: currentCustNo !== null,
    refetchInterval,
  });
  return (
    <WidgetState
      query={payments}
      isEmpty={(data) => data.rows.length === 0}
      emptyText={t('dashboard:recentPayments.empty')}
      testId="recent-payments"
    >
      {(data) => (
        <>
          <Table data-testid="recent-payments-table" fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('dashboard:recentPayments.date')}</Table.Th>
                <Table.Th scope="col">{t('dashboard:columns.status')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('dashboard:columns.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Table.Tr key={row.paymentLogId} data-testid={`recent-payment-${row.paymentLogId}`}>
                  <Table.Td>{dateTime(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[row.status]}>
                      {t(`paymentLogs:values.status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="end">{c2(row.total, row.currencyCode)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Anchor component={Link} to="/payments" size="sm">
            {t('dashboard:recentPayments.all')}
          </Anchor>
        </>
      )}
    </WidgetState>
  );
}
