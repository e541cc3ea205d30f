import { type TPaymentCart, ZPaymentCart } from '@settle/shared/cart';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface CartOwner {
  custNo: string;
  currencyCode: string;
}

/** Every cart query and mutation lives under this prefix; a change invalidates all of it. */
export const cartRootKey = ['cart'] as const;
export const cartKey = (owner: CartOwner) =>
  [...cartRootKey, 'get', owner.custNo, owner.currencyCode] as const;

export function getPaymentCart(owner: CartOwner, signal?: AbortSignal): Promise<TPaymentCart> {
  return apiRequest('/payment/cart', {
    query: { custNo: owner.custNo, currencyCode: owner.currencyCode },
    schema: ZPaymentCart,
    signal,
  });
}

/** The cart of a customer and currency (one per pair, kept on the server). */
export function usePaymentCart(owner: CartOwner | null) {
  return useQuery({
    queryKey: cartKey(owner ?? { custNo: '', currencyCode: '' }),
    queryFn: ({ signal }) => getPaymentCart(owner!, signal),
    enabled: owner !== null,
  });
}
