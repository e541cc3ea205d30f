import { Button, Combobox, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TDataSourceItem } from '@settle/shared/data-sources';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../lib/data-source';

export interface SourceMultiSelectProps {
  /** The GET source's address: {api}/data/customers, or a tenant's team or portfolio source. */
  source: string;
  label: string;
  /** The chosen entries, with their labels: a chosen one need not be on the page the source shows. */
  value: TDataSourceItem[];
  onChange: (value: TDataSourceItem[]) => void;
  placeholder?: string;
  /** The source is asked once typing pauses this long, not at every key. */
  debounceMs?: number;
  pageSize?: number;
  'data-testid'?: string;
}

/**
 * A multi-select whose choices come from a GET source: the source filters by what was typed
 * (starts with, on the server) and pages, so a user with thousands of customers never loads
 * them all. Chosen entries show as pills; Backspace in an empty search removes the last one.
 */
export function SourceMultiSelect({
  source,
  label,
  value,
  onChange,
  placeholder,
  debounceMs = 250,
  pageSize = 20,
  'data-testid': testId,
}: SourceMultiSelectProps) {
  const { t } = useTranslation('common');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [startsWith] = useDebouncedValue(search.trim(), debounceMs);
  const [opened, setOpened] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const choices = useDataSource(source, startsWith, pageSize, opened);

  const chosen = new Set(value.map((item) => item.value));
  const items = choices.data?.pages.flatMap((page) => page.items) ?? [];
  const total = choices.data?.pages[0]?.total ?? 0;

  const toggle = (picked: string) => {
    const item = items.find((candidate) => candidate.value === picked);
    if (chosen.has(picked)) onChange(value.filter((entry) => entry.value !== picked));
    else if (item) onChange([...value, item]);
  };
  const remove = (removed: string) => onChange(value.filter((entry) => entry.value !== removed));

  const open = () => {
    setOpened(true);
    combobox.openDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput label={label} onClick={open} size="xs" data-testid={testId}>
          <Pill.Group>
            {value.map((item) => (
              <Pill
                key={item.value}
                withRemoveButton
                onRemove={() => remove(item.value)}
                // Mantine hides the remove button from keyboards and screen readers; a pill must be removable by both.
                removeButtonProps={{
                  'aria-label': t('multiSelect.remove', { label: item.label }),
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {item.label}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                ref={inputRef}
                aria-label={label}
                value={search}
                placeholder={value.length === 0 ? placeholder : undefined}
                onFocus={open}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  open();
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                    event.preventDefault();
                    remove(value[value.length - 1]!.value);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {items.map((item) => (
            <Combobox.Option value={item.value} key={item.value} active={chosen.has(item.value)}>
              <Text size="sm" fw={chosen.has(item.value) ? 600 : undefined}>
                {chosen.has(item.value) ? `✓ ${item.label}` : item.label}
              </Text>
            </Combobox.Option>
          ))}
          {choices.isPending || choices.isFetching ? (
            <Combobox.Empty>
              <Loader size="xs" aria-label={t('loading')} />
            </Combobox.Empty>
          ) : choices.isError ? (
            <Combobox.Empty>{t('multiSelect.failed')}</Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>{t('multiSelect.nothing')}</Combobox.Empty>
          ) : null}
        </Combobox.Options>
        {choices.hasNextPage && !choices.isFetching ? (
          <Combobox.Footer>
            <Button
              variant="subtle"
              size="compact-xs"
              fullWidth
              // Keeps the focus (and so the dropdown) in the search field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void choices.fetchNextPage()}
            >
              {t('multiSelect.more', { shown: items.length, total })}
            </Button>
          </Combobox.Footer>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}
