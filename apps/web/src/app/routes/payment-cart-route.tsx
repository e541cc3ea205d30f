import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PaymentCart } from '../../features/cart/components/payment-cart';
import { CollectorContact } from '../../features/invoices/components/collector-contact';
import { useSignedInUser } from '../../lib/use-user-data';

/** /paymentCart: the cart of the current customer and currency, and whom to ask about it. */
export function PaymentCartRoute() {
  const { t } = useTranslation('cart');
  const { currentCustNo } = useSignedInUser();
  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <PaymentCart />
        {currentCustNo ? <CollectorContact custNo={currentCustNo} /> : null}
      </Stack>
    </Container>
  );
}
