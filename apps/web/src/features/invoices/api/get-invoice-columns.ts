import { type TColumnPreferences, ZColumnPreferences } from '@settle/shared/columns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const invoiceColumnsKey = ['invoices', 'columns'] as const;

export function getInvoiceColumns(signal?: AbortSignal): Promise<TColumnPreferences> {
  // The grid shows a failed load itself, with a Retry button.
  return apiRequest('/invoices/columns', { schema: ZColumnPreferences, signal, showsOwnFailure: true });
}

/** The user's invoice grid columns (shown, order, width, sort); they do not change behind our back. */
export function useInvoiceColumns() {
  return useQuery({
    queryKey: invoiceColumnsKey,
    queryFn: ({ signal }) => getInvoiceColumns(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
