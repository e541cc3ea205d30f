import type { TColumnDefinition, TColumnPreferences, TGridColumn } from '@settle/shared/columns';

export interface ColumnPreferenceOptions {
  shown?: string[];
  sort?: { field: string; dir: 'asc' | 'desc' };
}

/** A grid's preferences as the server answers them: the given columns shown in order, the rest after. */
export function buildGridColumnPreferences(
  columns: readonly TGridColumn[],
  options: ColumnPreferenceOptions = {},
): TColumnPreferences {
  const shown = options.shown ?? columns.filter((column) => column.visible).map((column) => column.field);
  const allColumns: TColumnDefinition[] = columns.map(({ field, title, dataType, width }, index) => ({
    id: index + 1,
    colId: field,
    field,
    title,
    dataType,
    sort: options.sort?.field === field ? options.sort.dir : null,
    order: shown.includes(field) ? shown.indexOf(field) : 100 + index,
    template: null,
    columnKey: field,
    menu: true,
    width: width ?? null,
  }));
  allColumns.sort((a, b) => a.order - b.order);
  const viewableColumns = allColumns.filter((column) => shown.includes(column.field));
  return {
    allColumns,
    viewableColumns,
    availableColumns: allColumns.filter((column) => !shown.includes(column.field)),
    displayColumnPreference: viewableColumns.map(({ colId, field, title, dataType, width }) => ({
      colId,
      field,
      title,
      dataType,
      width: width ?? undefined,
    })),
    allColumnPreference: allColumns.map(({ field, title, order, sort }) => ({ field, title, order, sort })),
  };
}
