import { type TPaymentCart, ZPaymentCart } from '@settle/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CartOwner, cartKey, cartRootKey } from './get-payment-cart';

export function emptyCart(owner: CartOwner): Promise<TPaymentCart> {
  return apiRequest('/payment/cart', {
    method: 'DELETE',
    query: { custNo: owner.custNo, currencyCode: owner.currencyCode },
    schema: ZPaymentCart,
  });
}

export function useEmptyCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cartRootKey, 'empty'],
    mutationFn: emptyCart,
    onSuccess: async (cart, owner) => {
      queryClient.setQueryData(cartKey(owner), cart);
      await queryClient.invalidateQueries({ queryKey: cartRootKey });
    },
  });
}
