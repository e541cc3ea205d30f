import { CloseButton, TextInput } from '@mantine/core';
import { QUICK_SEARCH_MAX_LENGTH } from '@settle/shared/search/quick-search';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the grid asks the server again. */
export const QUICK_SEARCH_DELAY_MS = 300;

/**
 * One box to find an invoice by its number or PO number. The search runs on the server, a
 * short pause after the last keystroke (Enter runs it at once); the cross clears it.
 */
export function QuickSearchBox(props: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('search');
  const [text, setText] = useState(props.value);
  const { onSearch } = props;
  // What was last sent: a value coming back from the address is not a new search to send.
  const sent = useRef(props.value);

  const [shown, setShown] = useState(props.value);
  if (props.value !== shown) {
    setShown(props.value);
    if (props.value !== sent.current) setText(props.value);
  }

  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearch(text);
    }, QUICK_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  const searchNow = (next: string) => {
    sent.current = next;
    setText(next);
    onSearch(next);
  };

  return (
    <TextInput
      type="search"
      label={t('quick.label')}
      placeholder={t('quick.placeholder')}
      value={text}
      maxLength={QUICK_SEARCH_MAX_LENGTH}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') searchNow(text);
        if (event.key === 'Escape' && text) searchNow('');
      }}
      data-testid="quick-search"
      maw={360}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('quick.clear')}
            onClick={() => searchNow('')}
            data-testid="quick-search-clear"
          />
        ) : null
      }
    />
  );
}
