import { type TSavedSearch, type TSaveSearchRequest, ZSavedSearch } from '@settle/shared/saved-searches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { savedSearchesKey } from './get-saved-searches';

/** Saves under a name; the server replaces a search of the same name (ignoring case). */
export function saveSearch(request: TSaveSearchRequest): Promise<TSavedSearch> {
  return apiRequest('/search/saved', { method: 'POST', body: request, schema: ZSavedSearch });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: savedSearchesKey(saved.grid) }),
  });
}
