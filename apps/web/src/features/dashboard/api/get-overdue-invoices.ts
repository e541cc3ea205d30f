import { type TInvoiceOverdueSummary, ZInvoiceOverdueSummary } from '@settle/shared/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getOverdueInvoices(signal?: AbortSignal): Promise<TInvoiceOverdueSummary> {
  return apiRequest('/invoices/overdue', { schema: ZInvoiceOverdueSummary, signal, showsOwnFailure: true });
}

/** The widget refetches it after adding to the cart, so that inCart follows. */
export function useOverdueInvoices(options: {
  custNo: string | null;
  currencyCode: string;
  refetchInterval: number | false;
}) {
  return useQuery({
    queryKey: ['dashboard', 'overdue', options.custNo, options.currencyCode],
    queryFn: ({ signal }) => getOverdueInvoices(signal),
    enabled: options.custNo !== null,
    refetchInterval: options.refetchInterval,
  });
}
