import { type TActivityList, ZActivityList } from '@settle/shared/activity';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getInvoiceActivity(
  options: { invNo: string; custNo: string },
  signal?: AbortSignal,
): Promise<TActivityList> {
  return apiRequest(`/invoices/activity/${encodeURIComponent(options.invNo)}`, {
    query: { custNo: options.custNo },
    schema: ZActivityList,
    signal,
  });
}

/** GET {api}/invoices/activity/{invNo}: what happened to the invoice, newest first. */
export function useInvoiceActivity(options: { invNo: string; custNo: string }) {
  return useQuery({
    queryKey: ['activity', 'invoice', options],
    queryFn: ({ signal }) => getInvoiceActivity(options, signal),
    staleTime: 0,
  });
}
