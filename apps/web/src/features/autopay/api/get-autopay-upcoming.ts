import { type TAutopayUpcoming, ZAutopayUpcoming } from '@settle/shared/autopay';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { autopayKeys } from './get-autopay-rules';

/** GET payment/autopay/upcoming: what each active rule will pay in the next 30 days. */
export function getAutopayUpcoming(signal?: AbortSignal): Promise<TAutopayUpcoming[]> {
  return apiRequest('/payment/autopay/upcoming', {
    schema: z.array(ZAutopayUpcoming),
    signal,
    showsOwnFailure: true,
  });
}

export function useAutopayUpcoming(options: { refetchInterval: number | false }) {
  return useQuery({
    queryKey: autopayKeys.upcoming,
    queryFn: ({ signal }) => getAutopayUpcoming(signal),
    refetchInterval: options.refetchInterval,
  });
}
