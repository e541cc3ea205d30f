import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const QUICK_SEARCH_PARAM = 'q';

/** The quick search's text in the page address (`q`), so that a reload or a shared link keeps it. */
export function useQuickSearchParam(): { text: string; setText: (text: string) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.get(QUICK_SEARCH_PARAM) ?? '';
  const setText = useCallback(
    (next: string) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next.trim()) params.set(QUICK_SEARCH_PARAM, next);
          else params.delete(QUICK_SEARCH_PARAM);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { text, setText };
}
