import { type TPaymentSummary, ZPaymentSummary } from '@settle/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentsRootKey } from './payment-keys';

/** GET {api}/payment/log/summary/{paymentLogId}: the receipt's content. */
export function getPaymentSummary(paymentLogId: number, signal?: AbortSignal): Promise<TPaymentSummary> {
  return apiRequest(`/payment/log/summary/${paymentLogId}`, {
    schema: ZPaymentSummary,
    signal,
    showsOwnFailure: true,
  });
}

export function usePaymentSummary(paymentLogId: number | null) {
  return useQuery({
    queryKey: [...paymentsRootKey, 'summary', paymentLogId],
    queryFn: ({ signal }) => getPaymentSummary(paymentLogId!, signal),
    enabled: paymentLogId !== null,
    staleTime: 0,
  });
}
