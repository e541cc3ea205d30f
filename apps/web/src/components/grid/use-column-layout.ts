import { notifications } from '@mantine/notifications';
import type { TColumnPreferenceRequest } from '@settle/shared/columns';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../lib/api-error';
import {
  type GridLayout,
  type GridSorting,
  layoutFromPreferences,
  toPreferenceRequest,
} from './column-layout';
import {
  type GridColumnsApi,
  saveGridColumns,
  useGridColumns,
  useResetGridColumns,
  useSaveGridColumns,
} from './grid-columns-api';

/** Quiet time before a change is saved: a drag or a burst of clicks makes one request. */
export const COLUMN_SAVE_DELAY_MS = 400;

/**
 * The grid's columns and sort: read once from the server's preferences, then changed
 * locally at once and saved in the background (debounced). A change still waiting when
 * the grid goes away is saved then, so that the next visit finds it.
 */
export function useColumnLayout(api: GridColumnsApi, sorting: GridSorting) {
  const { t } = useTranslation('grid');
  const queryClient = useQueryClient();
  const preferences = useGridColumns(api);
  const { mutate: save } = useSaveGridColumns(api);
  const reset = useResetGridColumns(api);
  const [layout, setLayout] = useState<GridLayout | null>(null);
  const [version, setVersion] = useState(0);
  const pending = useRef<TColumnPreferenceRequest | null>(null);

  // Adopt the server's preferences once; after that the local copy leads.
  if (layout === null && preferences.data) setLayout(layoutFromPreferences(preferences.data, sorting));

  const onSaveError = useCallback(
    (error: unknown) => {
      if (isSessionEndingError(error)) return;
      notifications.show({ id: 'columns-save', color: 'red', message: t('columnsMenu.saveFailed') });
    },
    [t],
  );

  useEffect(() => {
    if (version === 0 || !layout) return;
    pending.current = toPreferenceRequest(layout, sorting);
    const timer = setTimeout(() => {
      const request = pending.current;
      pending.current = null;
      if (request) save(request, { onError: onSaveError });
    }, COLUMN_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [layout, version, save, onSaveError, sorting]);

  useEffect(
    () => () => {
      const request = pending.current;
      pending.current = null;
      if (!request) return;
      saveGridColumns(api, request)
        .then((saved) => queryClient.setQueryData(api.queryKey, saved))
        .catch(() => undefined);
    },
    [queryClient, api],
  );

  const update = useCallback((change: (current: GridLayout) => GridLayout) => {
    setLayout((current) => (current ? change(current) : current));
    setVersion((current) => current + 1);
  }, []);

  const resetLayout = useCallback(() => {
    pending.current = null;
    reset.mutate(undefined, {
      onSuccess: (defaults) => {
        pending.current = null;
        setVersion(0);
        setLayout(layoutFromPreferences(defaults, sorting));
      },
      onError: onSaveError,
    });
  }, [reset, onSaveError, sorting]);

  return {
    layout,
    isLoading: preferences.isPending,
    loadFailed: preferences.isError && !layout,
    retryLoad: () => void preferences.refetch(),
    update,
    reset: resetLayout,
    isResetting: reset.isPending,
  };
}
