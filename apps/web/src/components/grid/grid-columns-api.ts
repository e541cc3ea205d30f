import {
  type TColumnPreferenceRequest,
  type TColumnPreferences,
  ZColumnPreferences,
} from '@settle/shared/columns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Where a grid keeps its user's column preferences: {api}/invoices/columns, {api}/dispute/columns… */
export interface GridColumnsApi {
  path: string;
  queryKey: readonly string[];
}

export function getGridColumns(api: GridColumnsApi, signal?: AbortSignal): Promise<TColumnPreferences> {
  // The grid shows a failed load itself, with a Retry button.
  return apiRequest(api.path, { schema: ZColumnPreferences, signal, showsOwnFailure: true });
}

export function saveGridColumns(
  api: GridColumnsApi,
  request: TColumnPreferenceRequest,
): Promise<TColumnPreferences> {
  return apiRequest(api.path, { method: 'POST', body: request, schema: ZColumnPreferences });
}

export function resetGridColumns(api: GridColumnsApi): Promise<TColumnPreferences> {
  return apiRequest(api.path, { method: 'DELETE', schema: ZColumnPreferences });
}

/** The user's columns (shown, order, width, sort); they do not change behind our back. */
export function useGridColumns(api: GridColumnsApi) {
  return useQuery({
    queryKey: api.queryKey,
    queryFn: ({ signal }) => getGridColumns(api, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves the preferences; the answer becomes the cached value the next visit starts from. */
export function useSaveGridColumns(api: GridColumnsApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TColumnPreferenceRequest) => saveGridColumns(api, request),
    onSuccess: (preferences) => queryClient.setQueryData(api.queryKey, preferences),
  });
}

/** Back to the default columns. */
export function useResetGridColumns(api: GridColumnsApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetGridColumns(api),
    onSuccess: (preferences) => queryClient.setQueryData(api.queryKey, preferences),
  });
}
