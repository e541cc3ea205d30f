import { type TColumnPreferences, ZColumnPreferences } from '@settle/shared/columns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invoiceColumnsKey } from './get-invoice-columns';

export function resetInvoiceColumns(): Promise<TColumnPreferences> {
  return apiRequest('/invoices/columns', { method: 'DELETE', schema: ZColumnPreferences });
}

/** Back to the default columns. */
export function useResetInvoiceColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetInvoiceColumns,
    onSuccess: (preferences) => queryClient.setQueryData(invoiceColumnsKey, preferences),
  });
}
