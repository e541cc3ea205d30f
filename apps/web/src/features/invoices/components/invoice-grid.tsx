import { Alert, Group, Pagination, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { TInvoiceRow, TInvoiceStatus } from '@settle/shared/invoices';
import { hasPrivilege, Privilege, type TPrivilege } from '@settle/shared/privileges';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { useGridSearchParams } from '../../../lib/grid-search-params';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { type InvoiceListParams, useInvoices } from '../api/get-invoices';
import { useServerDate } from '../api/get-server-date';
import {
  DEFAULT_SORT,
  type GridColumn,
  type GridSort,
  isSortable,
  moveColumn,
  resizeColumn,
  setColumnVisible,
  sortBy,
} from './column-layout';
import { ColumnsMenu } from './columns-menu';
import { ExportControls } from './export-controls';
import { InvoiceRowTools, toolColumnsFor } from './invoice-row-tools';
import { InvoiceTable } from './invoice-table';
import { LoadFailedAlert } from './load-failed-alert';
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
const PAGE_SIZES = [25, 50, 100] as const;

const detailPath = (row: TInvoiceRow) => `/detail/${row.status}/${encodeURIComponent(row.invNo)}`;

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
  // Page, page size and sort live in the address (reload, Back, shared links); the saved
  // column preferences give the sort when the address names none.
  const address = useGridSearchParams({
    pageSizes: PAGE_SIZES,
    defaultPageSize: INVOICE_PAGE_SIZE,
    isSortable,
  });
  const { page, pageSize, setPage } = address;
  const [selection, setSelection] = useState<ReadonlyMap<string, TInvoiceRow>>(new Map());

  // A new account, currency, status or filter is another list: nothing selected. Whoever
  // changes the status or the filter in the address drops its page; an account change is not
  // in the address, so the grid goes back to the first page itself.
  const scope = [custNo, currencyCode, status, props.filter ?? ''].join('|');
  const [previousScope, setPreviousScope] = useState(scope);
  if (scope !== previousScope) {
    setPreviousScope(scope);
    setSelection(new Map());
  }
  const account = `${custNo}|${currencyCode}`;
  const previousAccount = useRef(account);
  useEffect(() => {
    if (previousAccount.current === account) return;
    previousAccount.current = account;
    setPage(1, { replace: true });
  }, [account, setPage]);

  const clearSelection = useCallback(() => setSelection(new Map()), []);
  const cartAvailable = props.onAddToCart !== undefined;
  const actions = useInvoiceActions({
    status,
    onPrint: props.onPrint,
    onAddToCart: props.onAddToCart,
    onDispute: props.onDispute,
    onChanged: clearSelection,
  });

  // The rows are memoised: what they get from here must keep its identity between renders.
  // The actions change with every render, so the rows reach them through a ref.
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const rowActions = useMemo(
    () => ({
      promise: (rows: TInvoiceRow[]) => actionsRef.current.promise(rows),
      removePromise: (rows: TInvoiceRow[]) => actionsRef.current.removePromise(rows),
      print: (rows: TInvoiceRow[]) => actionsRef.current.print(rows),
      addToCart: (rows: TInvoiceRow[]) => actionsRef.current.addToCart(rows),
      dispute: (row: TInvoiceRow) => actionsRef.current.dispute(row),
    }),
    [],
  );
  // Changes only around a click on a dispute button: then every row is drawn again, once.
  const { disputing } = actions;
  const toggleRow = useCallback(
    (row: TInvoiceRow, selected: boolean) =>
      setSelection((current) => {
        const next = new Map(current);
        if (selected) next.set(row.invNo, row);
        else next.delete(row.invNo);
        return next;
      }),
    [],
  );
  const tools = useMemo(() => toolColumnsFor({ status, cartAvailable }), [status, cartAvailable]);
  const renderTools = useCallback(
    (row: TInvoiceRow, busy: boolean) => (
      <InvoiceRowTools
        row={row}
        tools={tools}
        roles={roles}
        actions={rowActions}
        disputing={disputing === row.invNo}
        cartAvailable={cartAvailable}
        busy={busy}
        t={t}
      />
    ),
    [tools, roles, rowActions, cartAvailable, disputing, t],
  );

  const layout = columns.layout;
  const sort = address.sort ?? layout?.sort ?? DEFAULT_SORT;
  // A sort click is drawn in a transition: a second click before it is drawn toggles the
  // sort the first one asked for, not the one still on screen.
  const pendingSort = useRef<GridSort | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the drawn sort changes
  useEffect(() => {
    pendingSort.current = null;
  }, [sort]);
  // An address without a sort shows the saved one; it is written into the address, so that
  // Back to this entry shows this sort even after the user has saved another.
  const savedSort =
    address.sort === null && layout && isSortable(layout.sort.field) ? layout.sort : undefined;
  const { setSort } = address;
  useEffect(() => {
    if (savedSort) setSort(savedSort, { replace: true });
  }, [savedSort, setSort]);
  const params: InvoiceListParams = {
    custNo: custNo ?? '',
    currencyCode,
    status,
    page,
    pageSize,
    sort: sort.field,
    dir: sort.dir,
    filter: props.filter || undefined,
  };
  const list = useInvoices(params, { enabled: layout !== null && custNo !== null });
  // A link or a Back to a page past the end (the rows changed since) shows the last page instead.
  const lastPage =
    list.data && !list.isPlaceholderData ? Math.max(1, Math.ceil(list.data.total / pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);
  const serverDate = useServerDate({ enabled: custNo !== null });

  if (!custNo) {
    return (
      <Alert color="yellow" data-testid="grid-no-account">
        {t('invoices:grid.noAccount')}
      </Alert>
    );
  }

  const loadFailed = list.isError && !isSessionEndingError(list.error);
  const mayShow = (column: GridColumn) => {
    const privilege = COLUMN_PRIVILEGES[column.field];
    return privilege === undefined || hasPrivilege(roles, privilege);
  };
  const columnTitle = (column: GridColumn) =>
    t(`invoices:columns.${column.field}`, { defaultValue: column.title });
  const available = layout?.columns.filter(mayShow) ?? [];
  const shown = available.filter((column) => column.visible);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const firstRow = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const lastRow = Math.min(total, page * pageSize);

  const changeStatus = (next: string) => {
    const value: TInvoiceStatus = next === 'C' ? 'C' : 'O';
    setOwnStatus(value);
    props.onStatusChange?.(value);
  };
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
        <LoadFailedAlert
          testId="grid-load-failed"
          title={t('invoices:grid.loadFailed')}
          onRetry={columns.retryLoad}
        />
      ) : !layout ? (
        <Stack gap={6} data-testid="grid-loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
            <Skeleton key={index} height={28} />
          ))}
        </Stack>
      ) : loadFailed ? (
        <LoadFailedAlert
          testId="grid-error"
          title={t('invoices:grid.loadFailed')}
          message={translateInvoiceError(t, list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <InvoiceTable
          rows={rows}
          columns={shown}
          sort={sort}
          onSort={(field) => {
            const next = sortBy({ ...layout, sort: pendingSort.current ?? sort }, field).sort;
            pendingSort.current = next;
            // One transition with the address change (React Router navigates in one): drawn
            // apart, the new sort would first be asked for with the old page.
            startTransition(() => {
              address.setSort(next);
              columns.update((current) => ({ ...current, sort: next }));
            });
          }}
          onResize={(field, width) => columns.update((current) => resizeColumn(current, field, width))}
          selected={new Set(selection.keys())}
          onToggleRow={toggleRow}
          onTogglePage={togglePage}
          toolCount={tools.length}
          renderTools={renderTools}
          busyRows={actions.busy}
          totals={list.data?.totals ?? null}
          currencyCode={list.data?.currencyCode ?? currencyCode}
          detailPath={detailPath}
          columnTitle={columnTitle}
          busy={list.isFetching}
          today={serverDate.data?.serverDate}
        />
      )}
      {/* A failed load shows only its message: no range or pager of rows that are not there. */}
      <Group
        justify="space-between"
        wrap="wrap"
        display={loadFailed || columns.loadFailed ? 'none' : undefined}
      >
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
        <Group gap="sm" wrap="wrap">
          <Select
            size="xs"
            w={80}
            aria-label={t('invoices:grid.pageSize')}
            data-testid="page-size"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={(value) => value && address.setPageSize(Number(value))}
          />
          <Pagination
            data-testid="grid-pager"
            total={pages}
            value={page}
            onChange={(next) => setPage(next)}
            size="sm"
            withEdges
            getControlProps={(control) => ({
              'data-testid': `page-${control}`,
              'aria-label': t(`invoices:grid.page.${control}`),
            })}
            getItemProps={(item) => ({ 'aria-label': t('invoices:grid.page.number', { page: item }) })}
          />
        </Group>
      </Group>
      {actions.modal}
    </Stack>
  );
}
