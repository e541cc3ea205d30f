import { type TDisputeTotalsResponse, ZDisputeTotalsResponse } from '@settle/shared/disputes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { disputesRootKey } from './get-dispute';
import { type DisputeListParams, toDisputeListQuery } from './get-disputes';

/** GET {api}/disputes/totals: the count and sums of a filtered dispute list, asked beside its page. */
export function getDisputeTotals(
  params: DisputeListParams,
  signal?: AbortSignal,
): Promise<TDisputeTotalsResponse> {
  return apiRequest('/disputes/totals', {
    query: toDisputeListQuery(params),
    schema: ZDisputeTotalsResponse,
    signal,
    showsOwnFailure: true,
  });
}

/** The totals of a filtered dispute list; page and sort do not change them, so they are not in the key. */
export function useDisputeTotals(params: DisputeListParams, options: { enabled: boolean }) {
  const { page: _page, sort: _sort, dir: _dir, ...scope } = params;
  return useQuery({
    queryKey: [...disputesRootKey, 'grid-totals', scope],
    queryFn: ({ signal }) => getDisputeTotals(params, signal),
    enabled: options.enabled,
  });
}
