import { type TPromiseRequest, ZPromiseResponse } from '@settle/shared/promises';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invoiceDetailKey } from './get-invoice-detail';
import { invoiceListKey } from './get-invoices';

export type TPromiseResponse = z.infer<typeof ZPromiseResponse>;

/** PUT {api}/invoices/promiseUnPromise: promise (with the follow-up date) or remove a promise. */
export function setInvoicePromise(request: TPromiseRequest): Promise<TPromiseResponse> {
  return apiRequest('/invoices/promiseUnPromise', { method: 'PUT', body: request, schema: ZPromiseResponse });
}

export function useSetInvoicePromise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setInvoicePromise,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceListKey }),
        queryClient.invalidateQueries({ queryKey: invoiceDetailKey }),
      ]);
    },
  });
}
