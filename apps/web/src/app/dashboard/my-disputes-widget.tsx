import { Select, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TDisputeRow } from '@settle/shared/disputes';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WidgetState } from '../../features/dashboard/components/widget-state';
import type { WidgetProps } from '../../features/dashboard/lib/widget-registry';
import { disputesRootKey } from '../../features/disputes/api/get-dispute';
import { useDisputes } from '../../features/disputes/api/get-disputes';
import { useReasonCodes } from '../../features/disputes/api/get-reason-codes';
import { useSetDisputeReason } from '../../features/disputes/api/set-dispute-reason';
import { DisputeNotesCell } from '../../features/disputes/components/dispute-notes-cell';
import { shownReason, statusCodeOf } from '../../features/disputes/lib/dispute-labels';
import { disputePath } from '../../features/disputes/lib/dispute-path';
import { translateDisputeError } from '../../features/disputes/lib/translate-dispute-error';
import { isSessionEndingError } from '../../lib/api-error';
import { useFormatters } from '../../lib/use-formatters';
import { useSignedInUser } from '../../lib/use-user-data';

const PAGE_SIZE = 10;

/**
 * The spec's dispute list: invoice number, invoice date, due date, amount, disputed amount,
 * status, reason (a dropdown of the reason codes with ALLOW_PROB, text otherwise) and notes
 * (the latest 5, cut at 20 characters, in a tooltip: the dispute grid's own cell).
 */
export function MyDisputesWidget({ refetchInterval }: WidgetProps) {
  const { t } = useTranslation(['dashboard', 'disputes']);
  const { c2, date } = useFormatters();
  const { currentCustNo, currencyCode, roles } = useSignedInUser();
  const disputes = useDisputes(
    { custNo: currentCustNo ?? '', currencyCode, page: 1, pageSize: PAGE_SIZE, sort: 'probNo', dir: 'desc' },
    // React Query's own interval: its refetches are marked as polls (lib/background-calls.ts).
    { enabled: currentCustNo !== null, refetchInterval },
  );
  const mayChange = hasPrivilege(roles, Privilege.ALLOW_PROB);
  return (
    <WidgetState
      query={disputes}
      isEmpty={(data) => data.rows.length === 0}
      emptyText={t('dashboard:disputes.empty')}
      testId="disputes"
    >
      {(data) => {
        const showDisputed = data.rows.some((row) => row.disputedAmount !== null);
        return (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="disputes-widget-table" fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('dashboard:columns.invNo')}</Table.Th>
                  <Table.Th scope="col">{t('dashboard:columns.invoiceDate')}</Table.Th>
                  <Table.Th scope="col">{t('dashboard:columns.dueDate')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('dashboard:columns.amount')}
                  </Table.Th>
                  {showDisputed ? (
                    <Table.Th scope="col" ta="end">
                      {t('dashboard:columns.disputedAmount')}
                    </Table.Th>
                  ) : null}
                  <Table.Th scope="col">{t('dashboard:columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('dashboard:columns.reason')}</Table.Th>
                  <Table.Th scope="col">{t('dashboard:columns.notes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.id} data-testid={`disputes-widget-row-${row.probNo}`}>
                    <Table.Td>
                      <Link
                        to={disputePath(row)}
                        aria-label={`${row.invNo ?? row.probNo}, ${t('dashboard:disputes.open', { probNo: row.probNo })}`}
                      >
                        {row.invNo ?? row.probNo}
                      </Link>
                    </Table.Td>
                    <Table.Td>{row.invoiceDate ? date(row.invoiceDate) : ''}</Table.Td>
                    <Table.Td>{row.dueDate ? date(row.dueDate) : ''}</Table.Td>
                    <Table.Td ta="end">
                      {row.originalAmount ? c2(row.originalAmount, row.currencyCode) : ''}
                    </Table.Td>
                    {showDisputed ? (
                      <Table.Td ta="end">
                        {row.disputedAmount ? c2(row.disputedAmount, row.currencyCode) : ''}
                      </Table.Td>
                    ) : null}
                    <Table.Td>{t(`disputes:status.${statusCodeOf(row.statusCode)}`)}</Table.Td>
                    <Table.Td>
                      {mayChange ? <ReasonSelect row={row} /> : shownReason(t, row.reasonDisplay)}
                    </Table.Td>
                    <Table.Td>
                      <DisputeNotesCell probNo={row.probNo} notes={row.disputeNoteList} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        );
      }}
    </WidgetState>
  );
}

function ReasonSelect({ row }: { row: TDisputeRow }) {
  const { t } = useTranslation(['dashboard', 'disputes', 'errors']);
  const reasons = useReasonCodes();
  const setReason = useSetDisputeReason({ id: row.id, probNo: row.probNo });
  const queryClient = useQueryClient();
  const list = reasons.data ?? [];
  if (list.length === 0) return <Text size="sm">{shownReason(t, row.reasonDisplay)}</Text>;
  const known = list.some((reason) => reason.code === row.reasonCode);
  return (
    <Select
      aria-label={t('dashboard:disputes.reasonFor', { probNo: row.probNo })}
      data={[
        ...(known
          ? []
          : [{ value: row.reasonCode, label: shownReason(t, row.reasonDisplay), disabled: true }]),
        ...list.map((reason) => ({ value: reason.code, label: reason.description })),
      ]}
      value={row.reasonCode}
      allowDeselect={false}
      disabled={setReason.isPending}
      size="xs"
      miw={140}
      onChange={(code) => {
        if (!code || code === row.reasonCode) return;
        setReason.mutate(code, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('dashboard:disputes.reasonChanged') });
            void queryClient.invalidateQueries({ queryKey: [...disputesRootKey, 'grid'] });
          },
          onError: (error) => {
            if (!isSessionEndingError(error))
              notifications.show({ color: 'red', message: translateDisputeError(t, error) });
          },
        });
      }}
      data-testid={`disputes-widget-reason-${row.probNo}`}
    />
  );
}
