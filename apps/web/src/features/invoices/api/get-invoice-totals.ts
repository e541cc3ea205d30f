import { type TInvoiceTotalsResponse, ZInvoiceTotalsResponse } from '@settle/shared/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type InvoiceListParams, invoiceListKey, toInvoiceListQuery } from './get-invoices';

/** GET {api}/invoices/totals: the count and sums of a filtered list, asked beside its page. */
export function getInvoiceTotals(
  params: InvoiceListParams,
  signal?: AbortSignal,
): Promise<TInvoiceTotalsResponse> {
  return apiRequest('/invoices/totals', {
    query: toInvoiceListQuery(params),
    schema: ZInvoiceTotalsResponse,
    signal,
    showsOwnFailure: true,
  });
}

/**
 * The totals of a filtered list. Page and sort do not change them, so they are not in the key:
 * paging a filtered list asks for its totals once. Under the list's key, so that whatever
 * refreshes the list (a promise, a cart change) refreshes them too.
 */
export function useInvoiceTotals(params: InvoiceListParams, options: { enabled: boolean }) {
  const { page: _page, sort: _sort, dir: _dir, ...scope } = params;
  return useQuery({
    queryKey: [...invoiceListKey, 'totals', scope],
    queryFn: ({ signal }) => getInvoiceTotals(params, signal),
    enabled: options.enabled,
    staleTime: 0,
  });
}
