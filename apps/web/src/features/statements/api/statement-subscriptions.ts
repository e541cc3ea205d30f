import {
  type TStatementSubscription,
  ZStatementSubscription,
  ZStatementSubscriptions,
} from '@settle/shared/statements';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const subscriptionsKey = ['statement', 'subscriptions'] as const;

/** GET {api}/statement/subscriptions: the customers and currencies mailed each month. */
export function useStatementSubscriptions() {
  return useQuery({
    queryKey: subscriptionsKey,
    queryFn: ({ signal }) =>
      apiRequest('/statement/subscriptions', {
        schema: ZStatementSubscriptions,
        signal,
        showsOwnFailure: true,
      }),
  });
}

/** PUT {api}/statement/subscription: the monthly email of one customer and currency on or off. */
export function useSetStatementSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStatementSubscription) =>
      apiRequest('/statement/subscription', { method: 'PUT', body, schema: ZStatementSubscription }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
