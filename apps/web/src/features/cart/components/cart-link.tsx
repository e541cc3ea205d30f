import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import word from '../../../components/ui/header-word.module.css';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { cartRootKey, usePaymentCart } from '../api/get-payment-cart';
import { cartSyncKey } from '../api/sync-payment-cart';
import { CartIcon } from './cart-icons';

/**
 * The header's link to the payment cart with the item count of the current customer and
 * currency's cart; an ellipsis while the cart loads, changes or synchronises.
 */
export function CartLink() {
  const { t } = useTranslation('cart');
  const { n0 } = useFormatters();
  const { pathname } = useLocation();
  const { currentCustNo, currencyCode } = useSignedInUser();
  const cart = usePaymentCart(currentCustNo ? { custNo: currentCustNo, currencyCode } : null);
  const syncing = useIsFetching({ queryKey: cartSyncKey }) > 0;
  const changing = useIsMutating({ mutationKey: cartRootKey }) > 0;
  const count = cart.data?.paymentSummary.nbrOfInvoices;
  const busy = cart.isPending || syncing || changing;
  const active = pathname.startsWith('/paymentCart');

  return (
    <Button
      component={Link}
      to="/paymentCart"
      variant={active ? 'light' : 'subtle'}
      size="compact-sm"
      leftSection={<CartIcon size={18} />}
      rightSection={
        <Badge
          size="sm"
          variant={count ? 'filled' : 'light'}
          color={count ? 'indigo' : 'gray'}
          data-testid="cart-count"
          aria-hidden="true"
          miw={22}
        >
          {busy || count === undefined ? '…' : n0(count)}
        </Badge>
      }
      aria-current={active ? 'page' : undefined}
      data-testid="cart-link"
    >
      {/* The hidden text below names the link, with the count, whether the word shows or not. */}
      <span aria-hidden="true" className={word.word}>
        {t('link')}
      </span>
      <VisuallyHidden>
        {busy || count === undefined ? t('linkLoading') : t('linkCount', { count, formatted: n0(count) })}
      </VisuallyHidden>
    </Button>
  );
}
