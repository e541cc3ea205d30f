import { ZSyncCartResponse } from '@settle/shared/cart';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { type CartOwner, cartKey, cartRootKey } from './get-payment-cart';

export type TSyncedLine = z.infer<typeof ZSyncCartResponse>[number];

export const cartSyncKey = [...cartRootKey, 'sync'] as const;

/** POST {api}/payment/syncPaymentCart/{custNo}: which of these lines are still payable, and for how much. */
export function syncPaymentCart(custNo: string, invNos: string[]): Promise<TSyncedLine[]> {
  return apiRequest(`/payment/syncPaymentCart/${encodeURIComponent(custNo)}`, {
    method: 'POST',
    body: invNos,
    schema: ZSyncCartResponse,
  });
}

/**
 * The cart page syncs its lines with the server when it loads. When the server dropped a
 * line (paid or closed meanwhile) the cart is read again so that its count is right too.
 */
export function useSyncPaymentCart(owner: CartOwner | null, invNos: string[] | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...cartSyncKey, owner?.custNo, owner?.currencyCode, invNos],
    queryFn: async () => {
      const synced = await syncPaymentCart(owner!.custNo, invNos!);
      if (synced.length < invNos!.length) await queryClient.invalidateQueries({ queryKey: cartKey(owner!) });
      return synced;
    },
    enabled: owner !== null && invNos !== undefined,
    staleTime: 0,
  });
}
