import { type TAutopayLogEntry, ZAutopayLogEntry } from '@settle/shared/autopay';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { autopayKeys } from './get-autopay-rules';

/** GET payment/autopay/log: what autopay paid, skipped and why, failed and stopped. */
export function getAutopayLog(custNo: string, currency: string): Promise<TAutopayLogEntry[]> {
  return apiRequest('/payment/autopay/log', {
    query: { custNo, currency },
    schema: z.array(ZAutopayLogEntry),
    showsOwnFailure: true,
  });
}

export function useAutopayLog(custNo: string | null, currency: string) {
  return useQuery({
    queryKey: autopayKeys.log(custNo ?? '', currency),
    queryFn: () => getAutopayLog(custNo ?? '', currency),
    enabled: custNo !== null,
  });
}
