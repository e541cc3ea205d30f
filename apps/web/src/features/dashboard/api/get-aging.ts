import { type TAging, ZAging } from '@settle/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getAging(signal?: AbortSignal): Promise<TAging> {
  return apiRequest('/dashboard/aging', { schema: ZAging, signal, showsOwnFailure: true });
}

/** The account and currency are in the key: a switch fetches the new account's figures. */
export function useAging(options: {
  custNo: string | null;
  currencyCode: string;
  refetchInterval: number | false;
}) {
  return useQuery({
    queryKey: ['dashboard', 'aging', options.custNo, options.currencyCode],
    queryFn: ({ signal }) => getAging(signal),
    enabled: options.custNo !== null,
    refetchInterval: options.refetchInterval,
  });
}
