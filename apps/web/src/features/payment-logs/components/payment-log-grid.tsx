import { Alert, Group, Stack } from '@mantine/core';
import type { TPaymentLogRow } from '@settle/shared/payment-logs';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, setColumnVisible } from '../../../components/grid/column-layout';
import { ColumnsMenu } from '../../../components/grid/columns-menu';
import { ExportControls } from '../../../components/grid/export-controls';
import { GridBody } from '../../../components/grid/grid-body';
import { GridPager } from '../../../components/grid/grid-pager';
import { GridTable } from '../../../components/grid/grid-table';
import { useGridView, useLastPageGuard } from '../../../components/grid/use-grid-view';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { usePaymentLogTotals } from '../api/get-payment-log-totals';
import { type PaymentLogListParams, toPaymentLogListQuery, usePaymentLogs } from '../api/get-payment-logs';
import { usePaymentLogScope } from '../hooks/use-payment-log-scope';
import { PaymentLogDetailDialog } from './payment-log-detail-dialog';
import { PAYMENT_LOG_COLUMNS_API, PAYMENT_LOG_EXPORT, PAYMENT_LOG_SORTING } from './payment-log-grid-config';
import { PaymentLogScopePicker } from './payment-log-scope-picker';
import { PaymentLogTableRow } from './payment-log-table-row';

export const PAYMENT_LOG_PAGE_SIZE = 50;
const PAGE_SIZES = [25, 50, 100] as const;

/**
 * The payment logs: a customer's payments in one currency and date range, paged, sorted and
 * filtered on the server, with the user's saved columns, exports, and a detail dialog per row.
 */
export function PaymentLogGrid(props: {
  /** The advanced filter ($filter dialect): in the list query, the exports and the query key. */
  filter?: string;
  /** Rendered above the grid: the advanced search panel. */
  filterSlot?: ReactNode;
  /** Opens the receipt PDF of a payment (print receipt in the detail dialog). */
  onPrintReceipt: (key: { custNo: string; paymentLogId: number }) => Promise<void>;
}) {
  const { t } = useTranslation(['paymentLogs', 'grid', 'errors']);
  const { n0, c2 } = useFormatters();
  const scope = usePaymentLogScope();
  const { custNo, currencyCode, dateRange } = scope;
  const view = useGridView({
    columnsApi: PAYMENT_LOG_COLUMNS_API,
    sorting: PAYMENT_LOG_SORTING,
    pageSizes: PAGE_SIZES,
    defaultPageSize: PAYMENT_LOG_PAGE_SIZE,
    account: `${custNo}|${currencyCode}`,
  });
  const { columns, layout, address, page, pageSize, setPage, sort } = view;
  const params: PaymentLogListParams = {
    custNo: custNo ?? '',
    currencyCode,
    dateRange,
    page,
    pageSize,
    sort: sort.field,
    dir: sort.dir,
    filter: props.filter || undefined,
  };
  const list = usePaymentLogs(params, { enabled: layout !== null && custNo !== null });
  // A filtered page comes without its count; it comes from its own call, beside it.
  const separateTotals = usePaymentLogTotals(params, {
    enabled: layout !== null && custNo !== null && Boolean(params.filter),
  });
  const listTotals = params.filter ? (separateTotals.data ?? null) : (list.data ?? null);
  const available = useMemo(() => layout?.columns ?? [], [layout]);
  const shown = useMemo(() => available.filter((column) => column.visible), [available]);
  useLastPageGuard(view, {
    total: list.data && !list.isPlaceholderData && listTotals ? listTotals.total : null,
  });
  const [opened, setOpened] = useState<{ custNo: string; paymentLogId: number } | null>(null);
  const onOpen = useCallback(
    (row: TPaymentLogRow) => setOpened({ custNo: row.custNo, paymentLogId: row.paymentLogId }),
    [],
  );

  if (!custNo) {
    return (
      <Alert color="yellow" data-testid="grid-no-account">
        {t('grid:noAccount')}
      </Alert>
    );
  }

  const loadFailed = list.isError && !isSessionEndingError(list.error);
  const columnTitle = (column: { field: string; title: string }) =>
    t(`paymentLogs:columns.${column.field}`, { defaultValue: column.title });
  const rows = list.data?.rows ?? [];
  const total = listTotals?.total ?? 0;
  const firstRow = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const lastRow = Math.min(total, page * pageSize);

  return (
    <Stack gap="sm">
      <PaymentLogScopePicker scope={scope} />
      {props.filterSlot}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <span data-testid="payment-log-succeeded">
          {listTotals?.totals
            ? t('paymentLogs:grid.succeeded', {
                count: listTotals.totals.succeededCount,
                countText: n0(listTotals.totals.succeededCount),
                amount: c2(listTotals.totals.succeededTotal, currencyCode),
              })
            : ''}
        </span>
        <Group gap="xs" wrap="wrap">
          <ExportControls
            target={PAYMENT_LOG_EXPORT}
            query={toPaymentLogListQuery(params)}
            columns={shown.map((column) => column.field)}
            disabled={!list.data || total === 0}
            ns="paymentLogs"
            translateError={translateApiError}
          />
          {layout ? (
            <ColumnsMenu
              columns={available}
              columnTitle={columnTitle}
              onToggle={(field, visible) =>
                columns.update((current) => setColumnVisible(current, field, visible))
              }
              onMove={(field, delta) =>
                columns.update((current) => moveColumn(current, field, delta, () => true))
              }
              onReset={columns.reset}
              resetting={columns.isResetting}
            />
          ) : null}
        </Group>
      </Group>
      <GridBody
        columnsFailed={columns.loadFailed}
        onRetryColumns={columns.retryLoad}
        ready={layout !== null}
        rowsError={loadFailed ? translateApiError(t, list.error) : null}
        onRetryRows={() => void list.refetch()}
        retrying={list.isFetching}
      >
        <GridTable
          testId="payment-log-grid"
          drawName="paymentLogs"
          rows={rows}
          columns={shown}
          sorting={PAYMENT_LOG_SORTING}
          sort={sort}
          onSort={view.onSort}
          onResize={view.onResize}
          columnTitle={columnTitle}
          toolCount={1}
          renderRow={(row) => (
            <PaymentLogTableRow key={row.paymentLogId} row={row} columns={shown} onOpen={onOpen} />
          )}
          emptyText={t('paymentLogs:grid.empty')}
          busy={list.isFetching}
        />
      </GridBody>
      {/* A failed load shows only its message: no range or pager of rows that are not there. */}
      <GridPager
        page={page}
        pages={
          listTotals ? Math.max(1, Math.ceil(total / pageSize)) : page + (rows.length === pageSize ? 1 : 0)
        }
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={address.setPageSize}
        rangeText={
          list.data && listTotals
            ? t('paymentLogs:grid.range', {
                first: n0(firstRow),
                last: n0(lastRow),
                total: n0(total),
                count: total,
              })
            : ''
        }
        hidden={loadFailed || columns.loadFailed}
      />
      <PaymentLogDetailDialog
        paymentKey={opened}
        onClose={() => setOpened(null)}
        onPrintReceipt={props.onPrintReceipt}
      />
    </Stack>
  );
}
