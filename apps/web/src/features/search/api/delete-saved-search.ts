import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { savedSearchesKey, type TSearchGrid } from './get-saved-searches';

const ZDeleted = z.object({ deleted: z.boolean() });

export function deleteSavedSearch(options: { id: number }): Promise<z.infer<typeof ZDeleted>> {
  return apiRequest(`/search/saved/${options.id}`, { method: 'DELETE', schema: ZDeleted });
}

export function useDeleteSavedSearch(grid: TSearchGrid) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey(grid) }),
  });
}
