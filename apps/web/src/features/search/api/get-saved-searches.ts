import { type GRIDS, type TSavedSearch, ZSavedSearch } from '@settle/shared/saved-searches';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TSearchGrid = (typeof GRIDS)[number];

const ZSavedSearches = z.array(ZSavedSearch);

export function getSavedSearches(grid: TSearchGrid, signal?: AbortSignal): Promise<TSavedSearch[]> {
  return apiRequest('/search/saved', { query: { grid }, schema: ZSavedSearches, signal });
}

export function savedSearchesKey(grid: TSearchGrid) {
  return ['search', 'saved', grid] as const;
}

export function useSavedSearches(grid: TSearchGrid, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: savedSearchesKey(grid),
    queryFn: ({ signal }) => getSavedSearches(grid, signal),
    enabled: options.enabled ?? true,
  });
}
