import { type TInvoiceDetail, type TInvoiceStatus, ZInvoiceDetail } from '@settle/shared/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const invoiceDetailKey = ['invoices', 'detail'] as const;

export function getInvoiceDetail(
  options: { invNo: string; status: TInvoiceStatus; custNo: string },
  signal?: AbortSignal,
): Promise<TInvoiceDetail> {
  return apiRequest(`/invoices/detail/${encodeURIComponent(options.invNo)}`, {
    query: { status: options.status, custNo: options.custNo },
    schema: ZInvoiceDetail,
    signal,
  });
}

/** One invoice of the current customer; the customer is in the key so a switch reloads it. */
export function useInvoiceDetail(options: { invNo: string; status: TInvoiceStatus; custNo: string }) {
  return useQuery({
    queryKey: [...invoiceDetailKey, options],
    queryFn: ({ signal }) => getInvoiceDetail(options, signal),
    staleTime: 0,
  });
}
