import { type TPaymentSummary, ZPaymentSummary } from '@settle/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentLogsRootKey } from './get-payment-logs';

/** GET {api}/payment/log/detail?custNo=&paymentLogId=: one payment with its lines and history. */
export function getPaymentLogDetail(
  key: { custNo: string; paymentLogId: number },
  signal?: AbortSignal,
): Promise<TPaymentSummary> {
  return apiRequest('/payment/log/detail', {
    query: { custNo: key.custNo, paymentLogId: String(key.paymentLogId) },
    schema: ZPaymentSummary,
    signal,
    showsOwnFailure: true,
  });
}

export function usePaymentLogDetail(key: { custNo: string; paymentLogId: number } | null) {
  return useQuery({
    queryKey: [...paymentLogsRootKey, 'detail', key?.custNo, key?.paymentLogId],
    queryFn: ({ signal }) => getPaymentLogDetail(key!, signal),
    enabled: key !== null,
  });
}
