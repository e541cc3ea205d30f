import { type TSearchField, ZSearchField } from '@settle/shared/saved-searches';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { TSearchGrid } from './get-saved-searches';

/** The grids whose search fields the server lists; the others have none yet. */
const SEARCH_FIELDS_PATHS: Partial<Record<TSearchGrid, string>> = {
  invoices: '/invoices/searchFields',
};

const ZSearchFields = z.array(ZSearchField);

export function getSearchFields(grid: TSearchGrid, signal?: AbortSignal): Promise<TSearchField[]> {
  const path = SEARCH_FIELDS_PATHS[grid];
  if (!path) return Promise.resolve([]);
  return apiRequest(path, { schema: ZSearchFields, signal });
}

export function searchFieldsKey(grid: TSearchGrid) {
  return ['search', 'fields', grid] as const;
}

/** The fields a grid can be searched on. A failed load is only logged (000 §8): the panel just offers no fields. */
export function useSearchFields(grid: TSearchGrid) {
  const query = useQuery({
    queryKey: searchFieldsKey(grid),
    queryFn: ({ signal }) => getSearchFields(grid, signal),
    // The list changes with a release, not during a session.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.warn(`Search fields of ${grid} could not be loaded`, error);
  }, [error, grid]);
  return query;
}
