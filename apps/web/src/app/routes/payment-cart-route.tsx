import { Container, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { emptyCart } from '../../features/cart/api/empty-cart';
import { cartRootKey } from '../../features/cart/api/get-payment-cart';
import { PaymentCart } from '../../features/cart/components/payment-cart';
import { CollectorContact } from '../../features/invoices/components/collector-contact';
import {
  CartApprovalPanel,
  useCartApproval,
} from '../../features/payment-approvals/components/cart-approval-panel';
import { usePaymentProfiles } from '../../features/payment-profiles/api/get-payment-profiles';
import { SavedProfilePanels } from '../../features/payment-profiles/components/saved-profile-panels';
import { CheckoutPanel } from '../../features/payments/components/checkout-panel';
import { useSignedInUser } from '../../lib/use-user-data';
import { returnToPriorPage } from './return-to-prior-page';
import { useReceiptViewer } from './use-receipt-viewer';

/** /paymentCart: the cart of the current customer and currency, its payment, and whom to ask about it. */
export function PaymentCartRoute() {
  const { t } = useTranslation('cart');
  const { currentCustNo } = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const receipt = useReceiptViewer();
  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <PaymentCart
          renderPay={(cart) => (
            <CartPayment cart={cart}>
              {(approval) => (
                <CheckoutPanel
                  flow="cart"
                  currency={cart.currency}
                  enabled={cart.payable && !approval.blocked}
                  disabledReason={approval.blocked ? approval.reason : cart.disabledReason}
                  buildRequest={(paymentType) => ({
                    flow: 'cart',
                    paymentType,
                    custNo: cart.custNo,
                    currency: cart.currency,
                    amount: cart.total,
                    payments: cart.payments,
                  })}
                  onCartChanged={() => {
                    cart.resetEdits();
                    void queryClient.invalidateQueries({ queryKey: cartRootKey });
                  }}
                  onPaid={async () => {
                    cart.resetEdits();
                    // The spec: on success the cart is emptied and the invoices read again.
                    await emptyCart({ custNo: cart.custNo, currencyCode: cart.currency }).catch(
                      () => undefined,
                    );
                    await queryClient.invalidateQueries();
                    notifications.show({ color: 'teal', message: t('paid') });
                  }}
                  onReceiptClosed={() => returnToPriorPage(navigate)}
                  onShowReceiptPdf={receipt.open}
                  profiles={(slot) => (
                    <SavedProfilePanels
                      custNo={cart.custNo}
                      currency={cart.currency}
                      config={slot.config}
                      enabled={slot.enabled}
                      busy={slot.busy}
                      onPay={slot.pay}
                      onSelect={slot.onSelect}
                    />
                  )}
                />
              )}
            </CartPayment>
          )}
        />
        {currentCustNo ? <CollectorContact custNo={currentCustNo} /> : null}
        {receipt.viewer}
      </Stack>
    </Container>
  );
}

type CartForPayment = {
  custNo: string;
  currency: string;
  total: string;
  payments: Array<{ invNo: string; payment: string; shortPayReason?: string }>;
};

/**
 * Approval before paying (issue 18): above the customer's threshold, or while the cart waits for an
 * approver, the pay buttons are disabled and the approval panel says why.
 */
function CartPayment({
  cart,
  children,
}: {
  cart: CartForPayment;
  children: (approval: { blocked: boolean; reason: string }) => React.ReactNode;
}) {
  const { t } = useTranslation('approvals');
  const approval = useCartApproval(cart);
  const profiles = usePaymentProfiles({ custNo: cart.custNo });
  const blocked = approval.needed || approval.pending;
  return (
    <Stack gap="md">
      <CartApprovalPanel cart={cart} profiles={profiles.data ?? []} />
      {children({ blocked, reason: approval.pending ? t('pendingTitle') : t('neededTitle') })}
    </Stack>
  );
}
