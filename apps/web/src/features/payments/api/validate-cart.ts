import { type TPaymentType, ZValidateCartResponse } from '@settle/shared/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { TPayLine } from '../lib/checkout-request';

export type TValidateCartResponse = z.infer<typeof ZValidateCartResponse>;

/** POST {api}/payment/validateCart/{type}/{currency}: the server re-reads every line and names those that changed. */
export function validateCart(request: {
  paymentType: TPaymentType;
  currency: string;
  custNo: string;
  payments: TPayLine[];
}): Promise<TValidateCartResponse> {
  return apiRequest(`/payment/validateCart/${request.paymentType}/${encodeURIComponent(request.currency)}`, {
    method: 'POST',
    body: { custNo: request.custNo, payments: request.payments },
    schema: ZValidateCartResponse,
  });
}
