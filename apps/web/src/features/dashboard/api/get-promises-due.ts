import { type TPromisesDue, ZPromisesDue } from '@settle/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getPromisesDue(signal?: AbortSignal): Promise<TPromisesDue> {
  return apiRequest('/dashboard/promisesDue', { schema: ZPromisesDue, signal, showsOwnFailure: true });
}

export function usePromisesDue(options: {
  custNo: string | null;
  currencyCode: string;
  refetchInterval: number | false;
}) {
  return useQuery({
    queryKey: ['dashboard', 'promisesDue', options.custNo, options.currencyCode],
    queryFn: ({ signal }) => getPromisesDue(signal),
    enabled: options.custNo !== null,
    refetchInterval: options.refetchInterval,
  });
}
