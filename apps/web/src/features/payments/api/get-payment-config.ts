import { type TPaymentConfig, type TPaymentFlow, ZPaymentConfig } from '@settle/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentsRootKey } from './payment-keys';

/** GET {api}/payment/config/{cart|on_account}/{currency}: which methods and fields the tenant offers. */
export function getPaymentConfig(flow: TPaymentFlow, currency: string, signal?: AbortSignal) {
  return apiRequest<TPaymentConfig>(`/payment/config/${flow}/${encodeURIComponent(currency)}`, {
    schema: ZPaymentConfig,
    signal,
    showsOwnFailure: true,
  });
}

export function usePaymentConfig(flow: TPaymentFlow, currency: string | null) {
  return useQuery({
    queryKey: [...paymentsRootKey, 'config', flow, currency],
    queryFn: ({ signal }) => getPaymentConfig(flow, currency!, signal),
    enabled: currency !== null,
  });
}
