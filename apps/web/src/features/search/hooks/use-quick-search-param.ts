import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const QUICK_SEARCH_PARAM = 'q';

/**
 * The quick search's text in the page address (`q`), so that a reload or a shared link keeps it.
 * `resetParams` are removed when the text changes (a new search starts at its first page).
 */
export function useQuickSearchParam(options: { resetParams?: readonly string[] } = {}): {
  text: string;
  setText: (text: string) => void;
} {
  const { resetParams } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.get(QUICK_SEARCH_PARAM) ?? '';
  const setText = useCallback(
    (next: string) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const before = params.get(QUICK_SEARCH_PARAM) ?? '';
          if (next.trim()) params.set(QUICK_SEARCH_PARAM, next);
          else params.delete(QUICK_SEARCH_PARAM);
          if ((params.get(QUICK_SEARCH_PARAM) ?? '') !== before)
            for (const name of resetParams ?? []) params.delete(name);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams, resetParams],
  );
  return { text, setText };
}
