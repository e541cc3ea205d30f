import { ZCartAddResponse } from '@settle/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { type CartOwner, cartKey, cartRootKey } from './get-payment-cart';

export type TCartAddResponse = z.infer<typeof ZCartAddResponse>;

export function addToCart(request: CartOwner & { invNo: string[] }): Promise<TCartAddResponse> {
  return apiRequest('/payment/cart/add', { method: 'POST', body: request, schema: ZCartAddResponse });
}

/** Adds what the rules allow; the answer lists the rest. The cart's count updates everywhere. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cartRootKey, 'add'],
    mutationFn: addToCart,
    onSuccess: async (result, request) => {
      queryClient.setQueryData(cartKey(request), result.cart);
      await queryClient.invalidateQueries({ queryKey: cartRootKey });
    },
  });
}
