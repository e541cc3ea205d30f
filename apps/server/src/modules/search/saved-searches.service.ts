import type { TSavedSearch, TSaveSearchRequest } from '@settle/shared/saved-searches';
import { validateCriteria } from '@settle/shared/search/validate-criteria';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedSearches } from '../../db/schema/preferences';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { buildFilterWhere } from './filter-helper';
import type { FilterAllowList } from './filter-sql';

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;

const MAX_SAVED_PER_GRID = 50;

function toSavedSearch(row: typeof savedSearches.$inferSelect): TSavedSearch {
  return {
    id: row.id,
    grid: row.grid as TSavedSearch['grid'],
    name: row.name,
    criteria: row.criteria,
    filter: row.filter,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Named searches per user and grid. A search is checked like a live one before it is kept. */
export function createSavedSearchesService(db: Db, allowLists: Record<string, FilterAllowList>) {
  return {
    async list(userId: number, grid: string): Promise<TSavedSearch[]> {
      const rows = await db
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.userId, userId), eq(savedSearches.grid, grid)))
        .orderBy(asc(savedSearches.name));
      return rows.map(toSavedSearch);
    },

    async save(userId: number, request: TSaveSearchRequest): Promise<TSavedSearch> {
      const validation = validateCriteria(request.criteria);
      if (!validation.valid) {
        throw badRequest(
          validation.errors[0]?.message ?? 'Invalid Criteria',
          validation.errors.map((error) => ({
            field: `body.criteria.${error.path}`,
            message: error.message,
          })),
          'INVALID_CRITERIA',
        );
      }
      const allowList = allowLists[request.grid];
      if (allowList) buildFilterWhere(request.filter, allowList);
      const existing = await this.list(userId, request.grid);
      const sameName = existing.find((search) => search.name.toLowerCase() === request.name.toLowerCase());
      if (!sameName && existing.length >= MAX_SAVED_PER_GRID) {
        throw new AppError({
          statusCode: 400,
          code: 'TOO_MANY_SAVED_SEARCHES',
          message: `Keep at most ${MAX_SAVED_PER_GRID} saved searches per list.`,
        });
      }
      const values = {
        userId,
        grid: request.grid,
        name: sameName?.name ?? request.name,
        criteria: request.criteria ?? null,
        filter: request.filter,
      };
      // Saving under an existing name replaces that search.
      const [row] = await db
        .insert(savedSearches)
        .values(values)
        .onConflictDoUpdate({
          target: [savedSearches.userId, savedSearches.grid, savedSearches.name],
          set: { criteria: values.criteria, filter: values.filter },
        })
        .returning();
      return toSavedSearch(row!);
    },

    async remove(userId: number, id: number): Promise<void> {
      const deleted = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
        .returning({ id: savedSearches.id });
      if (deleted.length === 0) throw notFound('Saved search');
    },
  };
}
