import { ZServerDate } from '@settle/shared/accounts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TServerDate = z.infer<typeof ZServerDate>;

export function getServerDate(signal?: AbortSignal): Promise<TServerDate> {
  return apiRequest('/location/serverDate', { schema: ZServerDate, signal });
}

export function useServerDate() {
  return useQuery({ queryKey: ['accounts', 'serverDate'], queryFn: ({ signal }) => getServerDate(signal) });
}
