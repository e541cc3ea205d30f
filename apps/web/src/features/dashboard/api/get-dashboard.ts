import { type TDashboard, ZDashboard } from '@settle/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const dashboardKey = ['dashboard', 'layout'] as const;

export function getDashboard(signal?: AbortSignal): Promise<TDashboard> {
  return apiRequest('/dashboard', { schema: ZDashboard, signal, showsOwnFailure: true });
}

/** The user's own layout: it does not depend on the current account, so it is not refetched on a switch. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: Infinity,
  });
}
