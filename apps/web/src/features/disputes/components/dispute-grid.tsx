import { Alert, Group, Stack } from '@mantine/core';
import { hasPrivilege, Privilege, type TPrivilege } from '@settle/shared/privileges';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type GridColumn, moveColumn, setColumnVisible } from '../../../components/grid/column-layout';
import { ColumnsMenu } from '../../../components/grid/columns-menu';
import { ExportControls } from '../../../components/grid/export-controls';
import { GridBody } from '../../../components/grid/grid-body';
import { GridPager } from '../../../components/grid/grid-pager';
import { GridTable } from '../../../components/grid/grid-table';
import { useGridView, useLastPageGuard } from '../../../components/grid/use-grid-view';
import { isSessionEndingError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useDisputeTotals } from '../api/get-dispute-totals';
import { type DisputeListParams, toDisputeListQuery, useDisputes } from '../api/get-disputes';
import { translateDisputeError } from '../lib/translate-dispute-error';
import { DISPUTE_COLUMNS_API, DISPUTE_EXPORT, DISPUTE_SORTING } from './dispute-grid-config';
import { DisputeTableRow } from './dispute-table-row';

export const DISPUTE_PAGE_SIZE = 50;
const PAGE_SIZES = [25, 50, 100] as const;

/** Columns only some users may see: disputed amounts need the dispute-view privilege. */
const COLUMN_PRIVILEGES: Record<string, TPrivilege> = { disputedAmount: Privilege.ALLOW_PROB_VIEW };

/** The notes column is a tooltip of the latest notes: the exports have no column for it. */
const NOT_EXPORTED = new Set(['notes']);

function mayShowColumn(roles: readonly string[], column: GridColumn): boolean {
  const privilege = COLUMN_PRIVILEGES[column.field];
  return privilege === undefined || hasPrivilege(roles, privilege);
}

/**
 * The dispute grid: the current customer's disputes in the current currency, paged, sorted
 * and filtered on the server, with the user's saved columns, exports and a button per row
 * that opens the dispute.
 */
export function DisputeGrid(props: {
  /** The advanced filter ($filter dialect): in the list query, the exports and the query key. */
  filter?: string;
  /** Rendered above the grid: the advanced search panel. */
  filterSlot?: ReactNode;
}) {
  const { t } = useTranslation(['disputes', 'grid', 'errors']);
  const { n0 } = useFormatters();
  const { roles, currentCustNo: custNo, currencyCode } = useSignedInUser();
  const view = useGridView({
    columnsApi: DISPUTE_COLUMNS_API,
    sorting: DISPUTE_SORTING,
    pageSizes: PAGE_SIZES,
    defaultPageSize: DISPUTE_PAGE_SIZE,
    account: `${custNo}|${currencyCode}`,
  });
  const { columns, layout, address, page, pageSize, setPage, sort } = view;
  const params: DisputeListParams = {
    custNo: custNo ?? '',
    currencyCode,
    page,
    pageSize,
    sort: sort.field,
    dir: sort.dir,
    filter: props.filter || undefined,
  };
  const list = useDisputes(params, { enabled: layout !== null && custNo !== null });
  // A filtered page comes without its count; it comes from its own call, beside it.
  const separateTotals = useDisputeTotals(params, {
    enabled: layout !== null && custNo !== null && Boolean(params.filter),
  });
  const listTotals = params.filter ? (separateTotals.data ?? null) : (list.data ?? null);
  // Kept between renders: the rows are memoised on their columns.
  const available = useMemo(
    () => layout?.columns.filter((column) => mayShowColumn(roles, column)) ?? [],
    [layout, roles],
  );
  const shown = useMemo(() => available.filter((column) => column.visible), [available]);
  useLastPageGuard(view, {
    total: list.data && !list.isPlaceholderData && listTotals ? listTotals.total : null,
  });

  if (!custNo) {
    return (
      <Alert color="yellow" data-testid="grid-no-account">
        {t('grid:noAccount')}
      </Alert>
    );
  }

  const loadFailed = list.isError && !isSessionEndingError(list.error);
  const mayShow = (column: GridColumn) => mayShowColumn(roles, column);
  const columnTitle = (column: GridColumn) =>
    t(`disputes:columns.${column.field}`, { defaultValue: column.title });
  const rows = list.data?.rows ?? [];
  const total = listTotals?.total ?? 0;
  const firstRow = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const lastRow = Math.min(total, page * pageSize);

  return (
    <Stack gap="sm">
      {props.filterSlot}
      <Group justify="flex-end" wrap="wrap" gap="xs">
        <ExportControls
          target={DISPUTE_EXPORT}
          query={toDisputeListQuery(params)}
          columns={shown.filter((column) => !NOT_EXPORTED.has(column.field)).map((column) => column.field)}
          disabled={!list.data || total === 0}
          ns="disputes"
          translateError={translateDisputeError}
        />
        {layout ? (
          <ColumnsMenu
            columns={available}
            columnTitle={columnTitle}
            onToggle={(field, visible) =>
              columns.update((current) => setColumnVisible(current, field, visible))
            }
            onMove={(field, delta) => columns.update((current) => moveColumn(current, field, delta, mayShow))}
            onReset={columns.reset}
            resetting={columns.isResetting}
          />
        ) : null}
      </Group>
      <GridBody
        columnsFailed={columns.loadFailed}
        onRetryColumns={columns.retryLoad}
        ready={layout !== null}
        rowsError={loadFailed ? translateDisputeError(t, list.error) : null}
        onRetryRows={() => void list.refetch()}
        retrying={list.isFetching}
      >
        <GridTable
          testId="dispute-grid"
          drawName="disputes"
          rows={rows}
          columns={shown}
          sorting={DISPUTE_SORTING}
          sort={sort}
          onSort={view.onSort}
          onResize={view.onResize}
          columnTitle={columnTitle}
          toolCount={1}
          renderRow={(row) => <DisputeTableRow key={row.id} row={row} columns={shown} />}
          emptyText={t('disputes:grid.empty')}
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
            ? t('disputes:grid.range', {
                first: n0(firstRow),
                last: n0(lastRow),
                total: n0(total),
                count: total,
              })
            : ''
        }
        hidden={loadFailed || columns.loadFailed}
      />
    </Stack>
  );
}
