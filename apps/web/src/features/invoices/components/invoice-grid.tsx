import { Alert, Group, Pagination, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { TInvoiceRow, TInvoiceStatus } from '@settle/shared/invoices';
import { hasPrivilege, Privilege, type TPrivilege } from '@settle/shared/privileges';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { type InvoiceListParams, useInvoices } from '../api/get-invoices';
import { type GridColumn, moveColumn, resizeColumn, setColumnVisible, sortBy } from './column-layout';
import { ColumnsMenu } from './columns-menu';
import { ExportControls } from './export-controls';
import { InvoiceRowTools, toolColumnsFor } from './invoice-row-tools';
import { InvoiceTable } from './invoice-table';
import { SelectionToolbar } from './selection-toolbar';
import { translateInvoiceError } from './translate-invoice-error';
import { useColumnLayout } from './use-column-layout';
import {
  type AddToCartHandler,
  type DisputeHandler,
  type PrintHandler,
  useInvoiceActions,
} from './use-invoice-actions';

export const INVOICE_PAGE_SIZE = 50;

/** Columns only some users may see: disputed amounts need the dispute-view privilege. */
const COLUMN_PRIVILEGES: Record<string, TPrivilege> = { disputeAmount: Privilege.ALLOW_PROB_VIEW };

export interface InvoiceGridProps {
  /** The advanced filter ($filter dialect): in the list query, the exports and the query key. */
  filter?: string;
  /** Rendered above the grid: the advanced search panel. */
  filterSlot?: ReactNode;
  /** Opens the documents of the given invoices (the viewer). */
  onPrint: PrintHandler;
  /** Adds to the current cart; without it the grid offers no cart action. */
  onAddToCart?: AddToCartHandler;
  /** The row dispute button: opens the invoice's disputes. */
  onDispute?: DisputeHandler;
  /** Open (default) or closed; controlled when given, e.g. from the address. */
  status?: TInvoiceStatus;
  onStatusChange?: (status: TInvoiceStatus) => void;
}

/**
 * The invoice grid: open or closed invoices of the current customer and currency, paged,
 * sorted and filtered on the server, with the user's saved columns, row and selection
 * actions, totals of the filtered set, and exports.
 */
export function InvoiceGrid(props: InvoiceGridProps) {
  const { t } = useTranslation(['invoices', 'errors']);
  const { n0 } = useFormatters();
  const userData = useSignedInUser();
  const { roles, currentCustNo: custNo, currencyCode } = userData;
  const [ownStatus, setOwnStatus] = useState<TInvoiceStatus>('O');
  const status = props.status ?? ownStatus;
  const columns = useColumnLayout();
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<ReadonlyMap<string, TInvoiceRow>>(new Map());

  // A new account, currency, status or filter is another list: start at its first page, nothing selected.
  const scope = [custNo, currencyCode, status, props.filter ?? ''].join('|');
  const [previousScope, setPreviousScope] = useState(scope);
  if (scope !== previousScope) {
    setPreviousScope(scope);
    setPage(1);
    setSelection(new Map());
  }

  const clearSelection = useCallback(() => setSelection(new Map()), []);
  const cartAvailable = props.onAddToCart !== undefined;
  const actions = useInvoiceActions({
    status,
    onPrint: props.onPrint,
    onAddToCart: props.onAddToCart,
    onDispute: props.onDispute,
    onChanged: clearSelection,
  });

  const layout = columns.layout;
  const params: InvoiceListParams = {
    custNo: custNo ?? '',
    currencyCode,
    status,
    page,
    pageSize: INVOICE_PAGE_SIZE,
    sort: layout?.sort.field ?? 'dueDate',
    dir: layout?.sort.dir ?? 'asc',
    filter: props.filter || undefined,
  };
  const list = useInvoices(params, { enabled: layout !== null && custNo !== null });

  if (!custNo) {
    return (
      <Alert color="yellow" data-testid="grid-no-account">
        {t('invoices:grid.noAccount')}
      </Alert>
    );
  }

  const mayShow = (column: GridColumn) => {
    const privilege = COLUMN_PRIVILEGES[column.field];
    return privilege === undefined || hasPrivilege(roles, privilege);
  };
  const columnTitle = (column: GridColumn) =>
    t(`invoices:columns.${column.field}`, { defaultValue: column.title });
  const available = layout?.columns.filter(mayShow) ?? [];
  const shown = available.filter((column) => column.visible);
  const tools = toolColumnsFor({ roles, status, cartAvailable });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INVOICE_PAGE_SIZE));
  const firstRow = total === 0 ? 0 : (page - 1) * INVOICE_PAGE_SIZE + 1;
  const lastRow = Math.min(total, page * INVOICE_PAGE_SIZE);

  const changeStatus = (next: string) => {
    const value: TInvoiceStatus = next === 'C' ? 'C' : 'O';
    setOwnStatus(value);
    props.onStatusChange?.(value);
  };
  const toggleRow = (row: TInvoiceRow, selected: boolean) =>
    setSelection((current) => {
      const next = new Map(current);
      if (selected) next.set(row.invNo, row);
      else next.delete(row.invNo);
      return next;
    });
  const togglePage = (selected: boolean) =>
    setSelection((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (selected) next.set(row.invNo, row);
        else next.delete(row.invNo);
      }
      return next;
    });

  return (
    <Stack gap="sm">
      {props.filterSlot}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={status}
          onChange={changeStatus}
          aria-label={t('invoices:status.label')}
          data={[
            { value: 'O', label: <span data-testid="status-open">{t('invoices:status.open')}</span> },
            { value: 'C', label: <span data-testid="status-closed">{t('invoices:status.closed')}</span> },
          ]}
        />
        <Group gap="xs" wrap="wrap">
          <ExportControls
            params={params}
            columns={shown.map((column) => column.field)}
            disabled={!list.data || total === 0}
          />
          {layout ? (
            <ColumnsMenu
              columns={available}
              columnTitle={columnTitle}
              onToggle={(field, visible) =>
                columns.update((current) => setColumnVisible(current, field, visible))
              }
              onMove={(field, delta) =>
                columns.update((current) => moveColumn(current, field, delta, mayShow))
              }
              onReset={columns.reset}
              resetting={columns.isResetting}
            />
          ) : null}
        </Group>
      </Group>
      <SelectionToolbar
        selected={[...selection.values()]}
        status={status}
        roles={roles}
        actions={actions}
        cartAvailable={cartAvailable}
        onClear={clearSelection}
      />
      {columns.loadFailed ? (
        <Alert color="red" data-testid="grid-load-failed">
          {t('invoices:grid.loadFailed')}
        </Alert>
      ) : !layout ? (
        <Stack gap={6} data-testid="grid-loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
            <Skeleton key={index} height={28} />
          ))}
        </Stack>
      ) : list.isError && !isSessionEndingError(list.error) ? (
        <Alert color="red" title={t('invoices:grid.loadFailed')} data-testid="grid-error">
          {translateInvoiceError(t, list.error)}
        </Alert>
      ) : (
        <InvoiceTable
          rows={rows}
          columns={shown}
          sort={layout.sort}
          onSort={(field) => {
            setPage(1);
            columns.update((current) => sortBy(current, field));
          }}
          onResize={(field, width) => columns.update((current) => resizeColumn(current, field, width))}
          selected={new Set(selection.keys())}
          onToggleRow={toggleRow}
          onTogglePage={togglePage}
          toolCount={tools.length}
          renderTools={(row) => (
            <InvoiceRowTools
              row={row}
              tools={tools}
              roles={roles}
              actions={actions}
              cartAvailable={cartAvailable}
            />
          )}
          totals={list.data?.totals ?? null}
          currencyCode={list.data?.currencyCode ?? currencyCode}
          detailPath={(row) => `/detail/${row.status}/${encodeURIComponent(row.invNo)}`}
          columnTitle={columnTitle}
          busy={list.isFetching}
        />
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="grid-range">
          {list.data
            ? t('invoices:grid.range', {
                first: n0(firstRow),
                last: n0(lastRow),
                total: n0(total),
                count: total,
              })
            : ''}
        </Text>
        <Pagination
          data-testid="grid-pager"
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          withEdges
          getControlProps={(control) => ({
            'data-testid': `page-${control}`,
            'aria-label': t(`invoices:grid.page.${control}`),
          })}
          getItemProps={(item) => ({ 'aria-label': t('invoices:grid.page.number', { page: item }) })}
        />
      </Group>
      {actions.modal}
    </Stack>
  );
}
