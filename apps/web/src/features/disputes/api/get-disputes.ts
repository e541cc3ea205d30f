import { type TDisputeListResponse, ZDisputeListResponse } from '@settle/shared/disputes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { askPage } from '../../../components/grid/grid-cursors';
import { apiRequest } from '../../../lib/api-client';
import { disputesRootKey } from './get-dispute';

/** The dispute grid's list query; the exports send the same fields. */
export interface DisputeListParams {
  custNo: string;
  currencyCode: string;
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
  filter?: string;
}

/** The query-string fields of GET {api}/disputes (and of its exports). */
export function toDisputeListQuery(params: DisputeListParams): Record<string, string | undefined> {
  return {
    custNo: params.custNo,
    currencyCode: params.currencyCode,
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    dir: params.dir,
    filter: params.filter ? params.filter : undefined,
  };
}

/** Everything but the page: pages of one list share it (and its keyset cursors). */
const listOf = (params: DisputeListParams) =>
  JSON.stringify([
    'disputes',
    params.custNo,
    params.currencyCode,
    params.pageSize,
    params.sort,
    params.dir,
    params.filter ?? '',
  ]);

/**
 * A filtered page is asked without its totals: the grid asks them beside it (getDisputeTotals);
 * the next page of a list carries the cursor its previous page gave, as on the invoice grid.
 */
export function getDisputes(params: DisputeListParams, signal?: AbortSignal): Promise<TDisputeListResponse> {
  return askPage(listOf(params), params.page, (cursor) =>
    apiRequest('/disputes', {
      query: { ...toDisputeListQuery(params), totals: params.filter ? 'separate' : undefined, cursor },
      schema: ZDisputeListResponse,
      signal,
      // The grid shows a failed load itself, with a Retry button.
      showsOwnFailure: true,
    }),
  );
}

const scopeOf = (params: DisputeListParams) =>
  [params.custNo, params.currencyCode, params.filter ?? ''].join('|');

/**
 * A page of the dispute grid. Under the disputes' key, so that a dispute created or changed
 * elsewhere refreshes it; paging and sorting keep the previous page on screen, never across accounts.
 */
export function useDisputes(
  params: DisputeListParams,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useQuery({
    queryKey: [...disputesRootKey, 'grid', params],
    queryFn: ({ signal }) => getDisputes(params, signal),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
    placeholderData: (previous, previousQuery) => {
      const previousParams = previousQuery?.queryKey[2] as DisputeListParams | undefined;
      return previousParams && scopeOf(previousParams) === scopeOf(params)
        ? keepPreviousData(previous)
        : undefined;
    },
  });
}
