import type {
  TColumnDefinition,
  TColumnPreferenceRequest,
  TColumnPreferences,
  TGridColumn,
} from '@settle/shared/columns';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gridPreferences } from '../../db/schema/preferences';
import { badRequest } from '../../lib/app-error';

export type ColumnPreferencesService = ReturnType<typeof createColumnPreferencesService>;

export type GridColumn = TGridColumn;

type StoredPreference = Required<TColumnPreferenceRequest>;

/**
 * Column preferences per user and grid: which columns show, their order, width and sort.
 * The grid's column list is the allow-list: a preference naming another field is refused.
 */
export function createColumnPreferencesService(db: Db) {
  async function load(userId: number, grid: string): Promise<StoredPreference | null> {
    const rows = await db
      .select({ payload: gridPreferences.payload })
      .from(gridPreferences)
      .where(and(eq(gridPreferences.userId, userId), eq(gridPreferences.grid, grid)))
      .limit(1);
    return (rows[0]?.payload as StoredPreference | undefined) ?? null;
  }

  function compose(columns: GridColumn[], stored: StoredPreference | null): TColumnPreferences {
    const orderOf = new Map(stored?.allColumnPreference.map((entry) => [entry.field, entry.order]) ?? []);
    const sortOf = new Map(
      stored?.allColumnPreference.map((entry) => [entry.field, entry.sort ?? null]) ?? [],
    );
    const shown = stored ? stored.displayColumnPreference.map((entry) => entry.field) : null;
    const widthOf = new Map(stored?.displayColumnPreference.map((entry) => [entry.field, entry.width]) ?? []);
    const allColumns: TColumnDefinition[] = columns.map((column, index) => ({
      id: index + 1,
      colId: column.field,
      field: column.field,
      title: column.title,
      dataType: column.dataType,
      sort: sortOf.get(column.field) ?? null,
      order: shown?.includes(column.field)
        ? shown.indexOf(column.field)
        : (orderOf.get(column.field) ?? 100 + index),
      template: column.dataType === 'currency' ? 'c2' : column.dataType === 'date' ? 'date' : null,
      columnKey: column.field,
      menu: true,
      width: widthOf.get(column.field) ?? column.width ?? null,
    }));
    allColumns.sort((a, b) => a.order - b.order || a.id - b.id);
    const isShown = (column: TColumnDefinition) =>
      shown
        ? shown.includes(column.field)
        : Boolean(columns.find((entry) => entry.field === column.field)?.visible);
    const viewableColumns = allColumns.filter(isShown);
    return {
      allColumns,
      viewableColumns,
      availableColumns: allColumns.filter((column) => !isShown(column)),
      displayColumnPreference: viewableColumns.map((column) => ({
        colId: column.colId,
        field: column.field,
        title: column.title,
        dataType: column.dataType,
        ...(column.width ? { width: column.width } : {}),
      })),
      allColumnPreference: allColumns.map((column) => ({
        field: column.field,
        title: column.title,
        order: column.order,
        sort: column.sort,
      })),
    };
  }

  return {
    async get(userId: number, grid: string, columns: GridColumn[]): Promise<TColumnPreferences> {
      return compose(columns, await load(userId, grid));
    },

    async save(userId: number, grid: string, columns: GridColumn[], request: TColumnPreferenceRequest) {
      const known = new Set(columns.map((column) => column.field));
      const named = [...(request.displayColumnPreference ?? []), ...(request.allColumnPreference ?? [])];
      const unknown = named.filter((entry) => !known.has(entry.field)).map((entry) => entry.field);
      if (unknown.length > 0) {
        throw badRequest(`Unknown column: ${[...new Set(unknown)].join(', ')}`, undefined, 'UNKNOWN_COLUMN');
      }
      if (request.displayColumnPreference?.length === 0) {
        throw badRequest('Keep at least one column shown.', undefined, 'NO_COLUMN_SHOWN');
      }
      const current = compose(columns, await load(userId, grid));
      const payload: StoredPreference = {
        displayColumnPreference: request.displayColumnPreference ?? current.displayColumnPreference,
        allColumnPreference: request.allColumnPreference ?? current.allColumnPreference,
      };
      await db
        .insert(gridPreferences)
        .values({ userId, grid, payload })
        .onConflictDoUpdate({
          target: [gridPreferences.userId, gridPreferences.grid],
          set: { payload, updatedAt: new Date() },
        });
      return compose(columns, payload);
    },

    async reset(userId: number, grid: string, columns: GridColumn[]) {
      await db
        .delete(gridPreferences)
        .where(and(eq(gridPreferences.userId, userId), eq(gridPreferences.grid, grid)));
      return compose(columns, null);
    },
  };
}
