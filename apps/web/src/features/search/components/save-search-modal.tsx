import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TSavedSearch } from '@settle/shared/saved-searches';
import { ZSaveSearchRequest } from '@settle/shared/saved-searches';
import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, translateApiError } from '../../../lib/api-error';
import type { TSearchGrid } from '../api/get-saved-searches';
import { useSaveSearch } from '../api/save-search';
import { searchMessage } from '../utils/search-labels';

export interface SaveSearchModalProps {
  opened: boolean;
  onClose: () => void;
  grid: TSearchGrid;
  criteria: TCriteriaGroup;
  filter: string;
  existing: readonly TSavedSearch[];
  onSaved: (saved: TSavedSearch) => void;
}

/** Names the current search and saves it; the server's refusal is shown in the dialog. */
export function SaveSearchModal(props: SaveSearchModalProps) {
  const { t } = useTranslation(['search', 'errors']);
  const save = useSaveSearch();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const close = () => {
    setName('');
    setNameError(undefined);
    save.reset();
    props.onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles a submit through portals: keep it from reaching a form the menu sits in.
    event.stopPropagation();
    const request = { grid: props.grid, name, criteria: props.criteria, filter: props.filter };
    const parsed = ZSaveSearchRequest.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === 'name');
      setNameError(
        issue
          ? t(issue.code === 'too_big' ? 'search:saved.nameTooLong' : 'search:saved.nameRequired')
          : t('search:saved.invalid'),
      );
      return;
    }
    setNameError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        props.onSaved(saved);
        close();
      },
    });
  };

  const trimmed = name.trim().toLowerCase();
  const replaces = trimmed !== '' && props.existing.some((search) => search.name.toLowerCase() === trimmed);

  return (
    <Modal opened={props.opened} onClose={close} title={t('search:saved.saveTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {save.error && (
            <Alert color="red" role="alert" data-testid="save-search-error">
              {translateSaveError(t, save.error)}
            </Alert>
          )}
          <TextInput
            label={t('search:saved.name')}
            data-testid="save-search-name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            maxLength={200}
            data-autofocus
          />
          {replaces && (
            <Text size="sm" c="orange" data-testid="save-search-replaces">
              {t('search:saved.replaces', { name: name.trim() })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('search:saved.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="save-search-confirm">
              {t('search:saved.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The server's 400s for a search: the spec's search messages, a bad filter with its place, too many searches. */
function translateSaveError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    if (error.code === 'INVALID_CRITERIA') return searchMessage(t, error.message);
    if (error.code === 'INVALID_FILTER') {
      return t('search:saved.invalidFilter', {
        position: error.args[0] ?? '0',
        near: error.args[1] ?? '',
        defaultValue: error.message,
      });
    }
    if (error.code === 'TOO_MANY_SAVED_SEARCHES') {
      return t('search:saved.tooMany', { defaultValue: error.message });
    }
  }
  return translateApiError(t, error);
}
