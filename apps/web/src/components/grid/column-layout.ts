import type { TColumnPreferenceRequest, TColumnPreferences } from '@settle/shared/columns';

/** The grid's working copy of the column preferences. */
export interface GridColumn {
  field: string;
  title: string;
  dataType: string;
  width: number;
  visible: boolean;
}

export type SortDir = 'asc' | 'desc';
export interface GridSort {
  field: string;
  dir: SortDir;
}

export interface GridLayout {
  /** Every column, in the user's order; `visible` says which ones show. */
  columns: GridColumn[];
  sort: GridSort;
}

export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 1200;
/** The spec's width of each tool-button column. */
export const TOOL_COLUMN_WIDTH = 40;
const FALLBACK_WIDTH = 120;

/**
 * What a grid's server sorts on (its allow-list) and its order when nothing is chosen. A column
 * may sort on another field (the dispute grid's status column sorts on statusCode): `sortFieldOf`
 * names it, and `isSortable` accepts both names, since the address holds the sort field.
 */
export interface GridSorting {
  isSortable: (field: string) => boolean;
  sortFieldOf: (columnField: string) => string;
  defaultSort: GridSort;
}

export function gridSorting(
  fields: readonly string[],
  defaultSort: GridSort,
  sortFields: Readonly<Record<string, string>> = {},
): GridSorting {
  const sortable = new Set<string>(fields);
  const sortFieldOf = (columnField: string) => sortFields[columnField] ?? columnField;
  return { isSortable: (field) => sortable.has(sortFieldOf(field)), sortFieldOf, defaultSort };
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

export function layoutFromPreferences(preferences: TColumnPreferences, sorting: GridSorting): GridLayout {
  const shown = new Set(preferences.viewableColumns.map((column) => column.field));
  const ordered = [...preferences.allColumns].sort((a, b) => a.order - b.order || a.id - b.id);
  const sorted = ordered.find((column) => column.sort && sorting.isSortable(column.field));
  return {
    columns: ordered.map((column) => ({
      field: column.field,
      title: column.title,
      dataType: column.dataType,
      width: clampWidth(column.width ?? FALLBACK_WIDTH),
      visible: shown.has(column.field),
    })),
    sort: sorted?.sort ? { field: sorting.sortFieldOf(sorted.field), dir: sorted.sort } : sorting.defaultSort,
  };
}

/** Both halves of the payload: the shown columns with their widths, and every column's order and sort. */
export function toPreferenceRequest(layout: GridLayout, sorting: GridSorting): TColumnPreferenceRequest {
  return {
    displayColumnPreference: layout.columns
      .filter((column) => column.visible)
      .map((column) => ({
        colId: column.field,
        field: column.field,
        title: column.title,
        dataType: column.dataType,
        width: column.width,
      })),
    allColumnPreference: layout.columns.map((column, order) => ({
      field: column.field,
      title: column.title,
      order,
      sort: sorting.sortFieldOf(column.field) === layout.sort.field ? layout.sort.dir : null,
    })),
  };
}

export function setColumnVisible(layout: GridLayout, field: string, visible: boolean): GridLayout {
  return {
    ...layout,
    columns: layout.columns.map((column) => (column.field === field ? { ...column, visible } : column)),
  };
}

/**
 * Moves a shown column one place left (-1) or right (+1) among the columns the user can see;
 * `isShown` leaves out the ones a privilege hides, so that a move never seems to do nothing.
 */
export function moveColumn(
  layout: GridLayout,
  field: string,
  delta: -1 | 1,
  isShown: (column: GridColumn) => boolean,
): GridLayout {
  const from = layout.columns.findIndex((column) => column.field === field);
  if (from < 0) return layout;
  let to = from + delta;
  while (to >= 0 && to < layout.columns.length && !isShown(layout.columns[to]!)) to += delta;
  if (to < 0 || to >= layout.columns.length) return layout;
  const columns = [...layout.columns];
  [columns[from], columns[to]] = [columns[to]!, columns[from]!];
  return { ...layout, columns };
}

export function resizeColumn(layout: GridLayout, field: string, width: number): GridLayout {
  const next = clampWidth(width);
  return {
    ...layout,
    columns: layout.columns.map((column) => (column.field === field ? { ...column, width: next } : column)),
  };
}

/** A click on a header: ascending first, then it toggles. */
export function sortBy(layout: GridLayout, field: string, sorting: GridSorting): GridLayout {
  if (!sorting.isSortable(field)) return layout;
  const sortField = sorting.sortFieldOf(field);
  const dir: SortDir = layout.sort.field === sortField && layout.sort.dir === 'asc' ? 'desc' : 'asc';
  return { ...layout, sort: { field: sortField, dir } };
}
