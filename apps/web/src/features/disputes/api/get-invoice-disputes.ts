import { type TDisputeListResponse, ZDisputeListResponse } from '@settle/shared/disputes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { disputesRootKey } from './get-dispute';

export function getInvoiceDisputes(
  options: { invNo: string; custNo: string },
  signal?: AbortSignal,
): Promise<TDisputeListResponse> {
  return apiRequest('/disputes', {
    query: { invNo: options.invNo, custNo: options.custNo, sort: 'createdOn', dir: 'desc', pageSize: '100' },
    schema: ZDisputeListResponse,
    signal,
  });
}

/** GET {api}/disputes?invNo=…: the disputes of one invoice, newest first (disputebyinvoices/{invNo}). */
export function useInvoiceDisputes(options: { invNo: string; custNo: string }) {
  return useQuery({
    queryKey: [...disputesRootKey, 'byInvoice', options],
    queryFn: ({ signal }) => getInvoiceDisputes(options, signal),
  });
}
