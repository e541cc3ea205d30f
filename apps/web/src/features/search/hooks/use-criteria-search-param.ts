import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import { prepareForApply } from '@settle/shared/search/criterion-state';
import { tryParseFilter } from '@settle/shared/search/parse-filter';
import { serializeFilter } from '@settle/shared/search/serialize-filter';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { decodeCriteria, encodeCriteria } from '../utils/criteria-codec';

export const CRITERIA_PARAM = 'criteria';
export const FILTER_PARAM = 'filter';

export interface CriteriaSearchParam {
  /** The criteria of the address, or null when absent or malformed. */
  criteria: TCriteriaGroup | null;
  /** The filter text to search with ('' for none). */
  filter: string;
  setCriteria: (criteria: TCriteriaGroup | null, filter: string) => void;
}

/**
 * Keeps the active search in the page address, so that a reload keeps it and a shared link
 * opens it: `criteria` is base64url(JSON) of the criteria group, `filter` the filter text.
 * - Criteria that do not decode, fit the model or validate are ignored.
 * - With valid criteria the filter is made again from them; the `filter` parameter is only a
 *   readable copy, so an edited link cannot make the panel and the grid disagree.
 * - A `filter` alone (a link made elsewhere) is kept when it parses; otherwise it is ignored.
 * Other parameters of the address are left as they are; changes replace the history entry,
 * since an immediate search changes them at every valid edit.
 */
export function useCriteriaSearchParam(
  options: {
    /** Parameters that belong to one search's results (a grid's page): dropped when the search changes. */
    resetParams?: readonly string[];
  } = {},
): CriteriaSearchParam {
  const { resetParams } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const criteriaText = searchParams.get(CRITERIA_PARAM);
  const filterText = searchParams.get(FILTER_PARAM);

  const { criteria, filter } = useMemo(
    () => readParams(criteriaText, filterText),
    [criteriaText, filterText],
  );

  const setCriteria = useCallback(
    (next: TCriteriaGroup | null, nextFilter: string) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const before = `${params.get(CRITERIA_PARAM)}|${params.get(FILTER_PARAM)}`;
          if (next && next.operands.length > 0) params.set(CRITERIA_PARAM, encodeCriteria(next));
          else params.delete(CRITERIA_PARAM);
          if (nextFilter) params.set(FILTER_PARAM, nextFilter);
          else params.delete(FILTER_PARAM);
          if (before !== `${params.get(CRITERIA_PARAM)}|${params.get(FILTER_PARAM)}`)
            for (const name of resetParams ?? []) params.delete(name);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams, resetParams],
  );

  return { criteria, filter, setCriteria };
}

/** The address query of a search (`criteria` and its readable `filter`), for links that open a grid on it. */
export function criteriaSearchParams(criteria: TCriteriaGroup): URLSearchParams {
  return new URLSearchParams({
    [CRITERIA_PARAM]: encodeCriteria(criteria),
    [FILTER_PARAM]: safeSerialize(criteria),
  });
}

function readParams(criteriaText: string | null, filterText: string | null) {
  const criteria = decodeCriteria(criteriaText);
  if (criteria && criteria.operands.length > 0) return { criteria, filter: safeSerialize(criteria) };
  if (filterText && tryParseFilter(filterText).ok) return { criteria: null, filter: filterText };
  return { criteria: null, filter: '' };
}

function safeSerialize(criteria: TCriteriaGroup): string {
  try {
    return serializeFilter(prepareForApply(criteria));
  } catch {
    return '';
  }
}
