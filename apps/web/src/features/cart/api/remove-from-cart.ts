import { type TPaymentCart, ZPaymentCart } from '@settle/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CartOwner, cartKey, cartRootKey } from './get-payment-cart';

export function removeFromCart(request: CartOwner & { invNo: string[] }): Promise<TPaymentCart> {
  return apiRequest('/payment/cart/remove', { method: 'POST', body: request, schema: ZPaymentCart });
}

/** Removes one or several lines; the answer is the cart as it now is. */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cartRootKey, 'remove'],
    mutationFn: removeFromCart,
    onSuccess: async (cart, request) => {
      queryClient.setQueryData(cartKey(request), cart);
      await queryClient.invalidateQueries({ queryKey: cartRootKey });
    },
  });
}
