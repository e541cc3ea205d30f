import type { FilterExpression } from './filter-expression';
import { parseFilter } from './parse-filter';
import { printFilter } from './serialize-filter';

/** The fields the quick search looks in: an invoice is found by its number or its PO number. */
export const QUICK_SEARCH_FIELDS = ['invNo', 'poNumber'] as const;
/** Longer text finds nothing anyway; the cap keeps the filter within its length limit. */
export const QUICK_SEARCH_MAX_LENGTH = 60;

/** The quick search's condition: the text in any of the fields (ignoring case), or null for blank text. */
export function quickSearchExpression(text: string): FilterExpression | null {
  const value = text.trim().slice(0, QUICK_SEARCH_MAX_LENGTH);
  if (!value) return null;
  return {
    kind: 'or',
    items: QUICK_SEARCH_FIELDS.map((field) => ({
      kind: 'call' as const,
      fn: 'substringof' as const,
      field,
      args: [{ type: 'string' as const, value }] as [{ type: 'string'; value: string }],
    })),
  };
}

/**
 * The grid's filter: the quick search AND the advanced filter, in the same $filter dialect,
 * so that the server's one filter mechanism applies both. Either may be blank.
 */
export function withQuickSearch(quickText: string, advancedFilter: string): string {
  const quick = quickSearchExpression(quickText);
  const advanced = advancedFilter ? parseFilter(advancedFilter) : null;
  if (!quick) return advancedFilter;
  return printFilter(advanced ? { kind: 'and', items: [quick, advanced] } : quick);
}
