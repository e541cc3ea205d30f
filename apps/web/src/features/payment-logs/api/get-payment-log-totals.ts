import { type TPaymentLogTotalsResponse, ZPaymentLogTotalsResponse } from '@settle/shared/payment-logs';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type PaymentLogListParams, paymentLogsRootKey, toPaymentLogListQuery } from './get-payment-logs';

/** GET {api}/payment/logs/totals: the count and sums of a filtered payment log, asked beside its page. */
export function getPaymentLogTotals(
  params: PaymentLogListParams,
  signal?: AbortSignal,
): Promise<TPaymentLogTotalsResponse> {
  return apiRequest('/payment/logs/totals', {
    query: toPaymentLogListQuery(params),
    schema: ZPaymentLogTotalsResponse,
    signal,
    showsOwnFailure: true,
  });
}

/** The totals of a filtered payment log; page and sort do not change them, so they are not in the key. */
export function usePaymentLogTotals(params: PaymentLogListParams, options: { enabled: boolean }) {
  const { page: _page, sort: _sort, dir: _dir, ...scope } = params;
  return useQuery({
    queryKey: [...paymentLogsRootKey, 'grid-totals', scope],
    queryFn: ({ signal }) => getPaymentLogTotals(params, signal),
    enabled: options.enabled,
  });
}
