import {
  type TPaymentFlow,
  type TPaymentType,
  type TProviderSettings,
  ZProviderSettings,
} from '@settle/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET {api}/payment/provider/{cart|on_account}/{type}/{currency}?amount=: the provider's window
 * size, whether it processes locally (the in-product e-check), and the convenience fee for this amount.
 */
export function getProviderSettings(request: {
  flow: TPaymentFlow;
  paymentType: TPaymentType;
  currency: string;
  amount: string;
}): Promise<TProviderSettings> {
  const path = `/payment/provider/${request.flow}/${request.paymentType}/${encodeURIComponent(request.currency)}`;
  return apiRequest(path, { query: { amount: request.amount }, schema: ZProviderSettings });
}
