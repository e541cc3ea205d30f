import { ZServerDate } from '@settle/shared/accounts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TServerDate = z.infer<typeof ZServerDate>;

export function getServerDate(signal?: AbortSignal): Promise<TServerDate> {
  return apiRequest('/location/serverDate', { schema: ZServerDate, signal });
}

/** Today on the server: the invoices' overdue and coming-due marks, the promise modal's default date and minimum. */
export function useServerDate(options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['invoices', 'serverDate'],
    queryFn: ({ signal }) => getServerDate(signal),
    enabled: options.enabled,
  });
}
