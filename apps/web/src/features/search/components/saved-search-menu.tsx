import { Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TSavedSearch } from '@settle/shared/saved-searches';
import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import { serializeFilter } from '@settle/shared/search/serialize-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { type TSearchGrid, useSavedSearches } from '../api/get-saved-searches';
import { parseCriteria } from '../utils/criteria-codec';
import { SaveSearchModal } from './save-search-modal';

export interface SavedSearchMenuProps {
  grid: TSearchGrid;
  /** The search to save; null (nothing to save) disables saving. */
  criteria: TCriteriaGroup | null;
  filter: string;
  onSelect: (criteria: TCriteriaGroup | null, filter: string) => void;
}

/**
 * The user's saved searches of a grid: choosing one applies it, the current search can be saved
 * under a name (the same name replaces), and each can be deleted after a confirmation.
 * Every entry is a menu item, so the whole menu works with the arrow keys and Enter.
 */
export function SavedSearchMenu({ grid, criteria, filter, onSelect }: SavedSearchMenuProps) {
  const { t } = useTranslation(['search', 'errors']);
  const saved = useSavedSearches(grid);
  const remove = useDeleteSavedSearch(grid);
  const [saving, setSaving] = useState(false);
  const searches = saved.data ?? [];

  const select = (search: TSavedSearch) => {
    // A saved search's criteria are checked like those of a link; its filter is then made again
    // from them, so that what the panel shows and what the grid filters on agree.
    const parsed = parseCriteria(search.criteria);
    if (parsed) onSelect(parsed.operands.length > 0 ? parsed : null, serializeFilter(parsed));
    else onSelect(null, search.filter);
  };

  const confirmDelete = (search: TSavedSearch) =>
    modals.openConfirmModal({
      title: t('search:saved.deleteTitle'),
      children: <Text size="sm">{t('search:saved.deleteConfirm', { name: search.name })}</Text>,
      labels: { confirm: t('search:saved.deleteAction'), cancel: t('search:saved.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'delete-saved-search-confirm' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(
          { id: search.id },
          {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                message: t('search:saved.deleted', { name: search.name }),
              }),
            onError: (error) => {
              if (isSessionEndingError(error)) return;
              notifications.show({
                color: 'red',
                title: t('search:saved.deleteFailed'),
                message: translateApiError(t, error),
              });
            },
          },
        ),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" data-testid="saved-searches-menu">
            {t('search:saved.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('search:saved.menu')}</Menu.Label>
          {saved.isError && (
            <Text size="xs" c="red" px="sm" role="alert">
              {t('search:saved.loadFailed')}
            </Text>
          )}
          {saved.isSuccess && searches.length === 0 && (
            <Text size="xs" c="dimmed" px="sm">
              {t('search:saved.none')}
            </Text>
          )}
          {searches.map((search) => (
            <Menu.Item
              key={search.id}
              data-testid={`saved-search-${search.name}`}
              onClick={() => select(search)}
            >
              {search.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item data-testid="save-search" disabled={criteria === null} onClick={() => setSaving(true)}>
            {t('search:saved.save')}
          </Menu.Item>
          {searches.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('search:saved.deleteLabel')}</Menu.Label>
              {searches.map((search) => (
                <Menu.Item
                  key={search.id}
                  color="red"
                  // Mantine draws a coloured item in shade 6 (3.3:1 on white); c= takes the palette's text shade.
                  c="red"
                  data-testid={`delete-saved-search-${search.name}`}
                  onClick={() => confirmDelete(search)}
                >
                  {t('search:saved.delete', { name: search.name })}
                </Menu.Item>
              ))}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {criteria && (
        <SaveSearchModal
          opened={saving}
          onClose={() => setSaving(false)}
          grid={grid}
          criteria={criteria}
          filter={filter}
          existing={searches}
          onSaved={(search) =>
            notifications.show({
              color: 'teal',
              message: t('search:saved.savedNotice', { name: search.name }),
            })
          }
        />
      )}
    </>
  );
}
