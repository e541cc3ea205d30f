import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/*
 * A grid's page, page size and sort in the page address (?page=3&pageSize=100&sort=amount&dir=desc),
 * so that a reload, Back and a shared link show the same rows. The status and the advanced
 * filter have their own parameters, written by their owners; every other parameter is kept.
 */
export const PAGE_PARAM = 'page';
export const PAGE_SIZE_PARAM = 'pageSize';
export const SORT_PARAM = 'sort';
export const DIR_PARAM = 'dir';

export type GridSortDir = 'asc' | 'desc';
export interface GridUrlSort {
  field: string;
  dir: GridSortDir;
}

export interface GridUrlState {
  page: number;
  pageSize: number;
  /** The sort of the address, or null when it names none (or one the grid cannot sort by). */
  sort: GridUrlSort | null;
}

export interface GridUrlOptions {
  pageSizes: readonly number[];
  defaultPageSize: number;
  isSortable: (field: string) => boolean;
}

/** What the address says, with anything malformed (page=abc, pageSize=7, an unknown field) ignored. */
export function readGridParams(params: URLSearchParams, options: GridUrlOptions): GridUrlState {
  const page = Number(params.get(PAGE_PARAM));
  const pageSize = Number(params.get(PAGE_SIZE_PARAM));
  const field = params.get(SORT_PARAM);
  const dir = params.get(DIR_PARAM);
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: options.pageSizes.includes(pageSize) ? pageSize : options.defaultPageSize,
    sort: field && options.isSortable(field) ? { field, dir: dir === 'desc' ? 'desc' : 'asc' } : null,
  };
}

type GridParamChanges = Partial<
  Record<typeof PAGE_PARAM | typeof PAGE_SIZE_PARAM | typeof SORT_PARAM | typeof DIR_PARAM, string | null>
>;

/** A copy of `current` with the changes: null removes a parameter; defaults are left out of the address. */
export function writeGridParams(current: URLSearchParams, changes: GridParamChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined) next.delete(name);
    else next.set(name, value);
  }
  if (next.get(PAGE_PARAM) === '1') next.delete(PAGE_PARAM);
  return next;
}

export interface GridSearchParams extends GridUrlState {
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** A new page size starts at the first page. */
  setPageSize: (pageSize: number) => void;
  /**
   * A new sort starts at the first page, in a new history entry; with `replace` it only
   * writes down the sort shown (the saved one, when the address named none) and keeps the page.
   */
  setSort: (sort: GridUrlSort, options?: { replace?: boolean }) => void;
}

/**
 * Reads and writes the grid's parameters. Paging, page size and sort add a history entry,
 * so that Back returns to the previous page of rows; `replace` is for corrections (a page
 * past the end after the rows changed).
 */
export function useGridSearchParams(options: GridUrlOptions): GridSearchParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pageSizes, defaultPageSize, isSortable } = options;
  const state = useMemo(
    () => readGridParams(searchParams, { pageSizes, defaultPageSize, isSortable }),
    [searchParams, pageSizes, defaultPageSize, isSortable],
  );
  // The setters read the address when called, not when made: a control that keeps an old
  // onChange (Mantine's pager does) would otherwise write back an old address. A write is
  // remembered until the router draws the next address (it navigates in a transition), so a
  // second write before that (a click right after the saved sort was written) builds on it.
  const latest = useRef({ searchParams, setSearchParams, drawn: searchParams });
  if (latest.current.drawn !== searchParams) latest.current.searchParams = searchParams;
  latest.current.drawn = searchParams;
  latest.current.setSearchParams = setSearchParams;
  const write = useCallback((changes: GridParamChanges, replace: boolean) => {
    const { searchParams: current, setSearchParams: navigate } = latest.current;
    const next = writeGridParams(current, changes);
    latest.current.searchParams = next;
    navigate(next, { replace });
  }, []);
  const setPage = useCallback(
    (page: number, { replace = false }: { replace?: boolean } = {}) =>
      write({ [PAGE_PARAM]: String(page) }, replace),
    [write],
  );
  const setPageSize = useCallback(
    (pageSize: number) =>
      write(
        { [PAGE_PARAM]: null, [PAGE_SIZE_PARAM]: pageSize === defaultPageSize ? null : String(pageSize) },
        false,
      ),
    [write, defaultPageSize],
  );
  const setSort = useCallback(
    (sort: GridUrlSort, { replace = false }: { replace?: boolean } = {}) =>
      write(
        { ...(replace ? {} : { [PAGE_PARAM]: null }), [SORT_PARAM]: sort.field, [DIR_PARAM]: sort.dir },
        replace,
      ),
    [write],
  );
  return { ...state, setPage, setPageSize, setSort };
}
