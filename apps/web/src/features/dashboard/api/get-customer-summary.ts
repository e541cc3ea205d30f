import { type TCustomerSummary, ZCustomerSummary } from '@settle/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getCustomerSummary(signal?: AbortSignal): Promise<TCustomerSummary> {
  return apiRequest('/dashboard/custSummary', { schema: ZCustomerSummary, signal });
}

/**
 * The server answers for the session's current customer and currency; they are in the key
 * so that switching either one fetches the matching figures instead of showing stale ones.
 */
export function useCustomerSummary(options: {
  custNo: string | null;
  currencyCode: string;
  refetchInterval?: number | false;
}) {
  return useQuery({
    queryKey: ['dashboard', 'custSummary', options.custNo, options.currencyCode],
    queryFn: ({ signal }) => getCustomerSummary(signal),
    enabled: options.custNo !== null,
    refetchInterval: options.refetchInterval ?? false,
  });
}
