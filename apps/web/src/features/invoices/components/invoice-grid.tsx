import { Alert, Group, SegmentedControl, Stack } from '@mantine/core';
import type { TInvoiceRow, TInvoiceStatus } from '@settle/shared/invoices';
import { hasPrivilege, Privilege, type TPrivilege } from '@settle/shared/privileges';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GridColumn, moveColumn, setColumnVisible } from '../../../components/grid/column-layout';
import { ColumnsMenu } from '../../../components/grid/columns-menu';
import { ExportControls } from '../../../components/grid/export-controls';
import { GridBody } from '../../../components/grid/grid-body';
import { GridPager } from '../../../components/grid/grid-pager';
import { useGridView, useLastPageGuard } from '../../../components/grid/use-grid-view';
import { isSessionEndingError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useInvoiceTotals } from '../api/get-invoice-totals';
import { type InvoiceListParams, toInvoiceListQuery, useInvoices } from '../api/get-invoices';
import { useServerDate } from '../api/get-server-date';
import { INVOICE_COLUMNS_API, INVOICE_EXPORT, INVOICE_SORTING } from './invoice-grid-config';
import { InvoiceRowTools, toolColumnsFor } from './invoice-row-tools';
import { InvoiceTable } from './invoice-table';
import { SelectionToolbar } from './selection-toolbar';
import { translateInvoiceError } from './translate-invoice-error';
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
  const { t } = useTranslation(['invoices', 'grid', 'errors']);
  const { n0 } = useFormatters();
  const userData = useSignedInUser();
  const { roles, currentCustNo: custNo, currencyCode } = userData;
  const [ownStatus, setOwnStatus] = useState<TInvoiceStatus>('O');
  const status = props.status ?? ownStatus;
  const account = `${custNo}|${currencyCode}`;
  const view = useGridView({
    columnsApi: INVOICE_COLUMNS_API,
    sorting: INVOICE_SORTING,
    pageSizes: PAGE_SIZES,
    defaultPageSize: INVOICE_PAGE_SIZE,
    account,
  });
  const { columns, layout, address, page, pageSize, setPage, sort } = view;
  const [selection, setSelection] = useState<ReadonlyMap<string, TInvoiceRow>>(new Map());

  // A new account, currency, status or filter is another list: nothing selected. Whoever
  // changes the status or the filter in the address drops its page; the view does so for an
  // account change.
  const scope = [custNo, currencyCode, status, props.filter ?? ''].join('|');
  const [previousScope, setPreviousScope] = useState(scope);
  if (scope !== previousScope) {
    setPreviousScope(scope);
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
  // A filtered page comes without its totals; they come from their own call, beside it.
  const separateTotals = useInvoiceTotals(params, {
    enabled: layout !== null && custNo !== null && Boolean(params.filter),
  });
  const listTotals = params.filter ? (separateTotals.data ?? null) : (list.data ?? null);
  useLastPageGuard(view, {
    total: list.data && !list.isPlaceholderData && listTotals ? listTotals.total : null,
  });
  const serverDate = useServerDate({ enabled: custNo !== null });

  if (!custNo) {
    return (
      <Alert color="yellow" data-testid="grid-no-account">
        {t('grid:noAccount')}
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
  const total = listTotals?.total ?? 0;
  // Until a filtered list's count arrives, the pager offers the next page when this one is full.
  const pages = listTotals
    ? Math.max(1, Math.ceil(total / pageSize))
    : page + (rows.length === pageSize ? 1 : 0);
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
            target={INVOICE_EXPORT}
            query={toInvoiceListQuery(params)}
            ns="invoices"
            translateError={translateInvoiceError}
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
      <GridBody
        columnsFailed={columns.loadFailed}
        onRetryColumns={columns.retryLoad}
        ready={layout !== null}
        rowsError={loadFailed ? translateInvoiceError(t, list.error) : null}
        onRetryRows={() => void list.refetch()}
        retrying={list.isFetching}
      >
        <InvoiceTable
          rows={rows}
          columns={shown}
          sort={sort}
          onSort={view.onSort}
          onResize={view.onResize}
          selected={new Set(selection.keys())}
          onToggleRow={toggleRow}
          onTogglePage={togglePage}
          toolCount={tools.length}
          renderTools={renderTools}
          busyRows={actions.busy}
          totals={listTotals?.totals ?? null}
          currencyCode={list.data?.currencyCode ?? currencyCode}
          detailPath={detailPath}
          columnTitle={columnTitle}
          busy={list.isFetching}
          today={serverDate.data?.serverDate}
        />
      </GridBody>
      {/* A failed load shows only its message: no range or pager of rows that are not there. */}
      <GridPager
        page={page}
        pages={pages}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={address.setPageSize}
        rangeText={
          list.data && listTotals
            ? t('invoices:grid.range', {
                first: n0(firstRow),
                last: n0(lastRow),
                total: n0(total),
                count: total,
              })
            : ''
        }
        hidden={loadFailed || columns.loadFailed}
      />
      {actions.modal}
    </Stack>
  );
}
