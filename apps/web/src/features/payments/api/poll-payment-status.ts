import { type TPaymentResult, ZPaymentResult } from '@settle/shared/payments';
import { apiRequest } from '../../../lib/api-client';

/** GET {api}/payment/log/pollStatus/{extTranRefId}/{custNo}: PENDING until the provider settles. */
export function pollPaymentStatus(extTranRefId: string, custNo: string): Promise<TPaymentResult> {
  return apiRequest(
    `/payment/log/pollStatus/${encodeURIComponent(extTranRefId)}/${encodeURIComponent(custNo)}`,
    // A failed poll is logged only (the spec): the next one tries again, so no notification.
    { schema: ZPaymentResult, showsOwnFailure: true },
  );
}
