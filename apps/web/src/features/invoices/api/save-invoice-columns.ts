import {
  type TColumnPreferenceRequest,
  type TColumnPreferences,
  ZColumnPreferences,
} from '@settle/shared/columns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invoiceColumnsKey } from './get-invoice-columns';

export function saveInvoiceColumns(request: TColumnPreferenceRequest): Promise<TColumnPreferences> {
  return apiRequest('/invoices/columns', { method: 'POST', body: request, schema: ZColumnPreferences });
}

/** Saves the preferences; the answer becomes the cached value the next visit starts from. */
export function useSaveInvoiceColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceColumns,
    onSuccess: (preferences) => queryClient.setQueryData(invoiceColumnsKey, preferences),
  });
}
