import { startTransition, useEffect, useRef } from 'react';
import { useGridSearchParams } from '../../lib/grid-search-params';
import { type GridSort, type GridSorting, resizeColumn, sortBy } from './column-layout';
import type { GridColumnsApi } from './grid-columns-api';
import { useColumnLayout } from './use-column-layout';

export interface GridViewOptions {
  columnsApi: GridColumnsApi;
  sorting: GridSorting;
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** The customer and currency shown: another one is another list, from its first page. */
  account: string;
}

/**
 * What a server-paged grid shows before it asks for rows: the user's saved columns and the
 * page, page size and sort of the address (reload, Back, shared links), the saved sort when
 * the address names none.
 */
export function useGridView(options: GridViewOptions) {
  const { sorting } = options;
  const columns = useColumnLayout(options.columnsApi, sorting);
  const address = useGridSearchParams({
    pageSizes: options.pageSizes,
    defaultPageSize: options.defaultPageSize,
    isSortable: sorting.isSortable,
  });
  const { page, pageSize, setPage, setSort } = address;

  // An account change is not in the address, so the grid goes back to the first page itself.
  const previousAccount = useRef(options.account);
  useEffect(() => {
    if (previousAccount.current === options.account) return;
    previousAccount.current = options.account;
    setPage(1, { replace: true });
  }, [options.account, setPage]);

  const layout = columns.layout;
  const sort = address.sort ?? layout?.sort ?? sorting.defaultSort;
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
    address.sort === null && layout && sorting.isSortable(layout.sort.field) ? layout.sort : undefined;
  useEffect(() => {
    if (savedSort) setSort(savedSort, { replace: true });
  }, [savedSort, setSort]);

  const onSort = (field: string) => {
    if (!layout) return;
    const next = sortBy({ ...layout, sort: pendingSort.current ?? sort }, field, sorting).sort;
    pendingSort.current = next;
    // One transition with the address change (React Router navigates in one): drawn
    // apart, the new sort would first be asked for with the old page.
    startTransition(() => {
      setSort(next);
      columns.update((current) => ({ ...current, sort: next }));
    });
  };
  const onResize = (field: string, width: number) =>
    columns.update((current) => resizeColumn(current, field, width));

  return { columns, layout, address, page, pageSize, setPage, sort, onSort, onResize };
}

/** A link or a Back to a page past the end (the rows changed since) shows the last page instead. */
export function useLastPageGuard(
  view: { page: number; pageSize: number; setPage: (page: number, options?: { replace?: boolean }) => void },
  list: { total: number | null },
) {
  const { page, pageSize, setPage } = view;
  const lastPage = list.total === null ? null : Math.max(1, Math.ceil(list.total / pageSize));
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);
}
