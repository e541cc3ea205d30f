import { type TDashboard, ZDashboard } from '@settle/shared/dashboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKey } from './get-dashboard';

export function saveDashboard(dashboard: TDashboard): Promise<TDashboard> {
  return apiRequest('/dashboard', { method: 'PUT', body: dashboard, schema: ZDashboard });
}

export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDashboard,
    onSuccess: (saved) => queryClient.setQueryData(dashboardKey, saved),
  });
}
