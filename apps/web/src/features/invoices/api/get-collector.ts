import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The answer of GET {api}/invoices/pricollector/{custNo} (the server declares it inline). */
export const ZCollector = z.object({
  custNo: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type TCollector = z.infer<typeof ZCollector>;

export function getCollector(custNo: string, signal?: AbortSignal): Promise<TCollector> {
  return apiRequest(`/invoices/pricollector/${encodeURIComponent(custNo)}`, { schema: ZCollector, signal });
}

/** The customer's collector contact; it rarely changes. */
export function useCollector(custNo: string) {
  return useQuery({
    queryKey: ['invoices', 'collector', custNo],
    queryFn: ({ signal }) => getCollector(custNo, signal),
    staleTime: 10 * 60_000,
  });
}
