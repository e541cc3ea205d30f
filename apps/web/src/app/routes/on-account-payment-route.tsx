import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SavedProfilePanels } from '../../features/payment-profiles/components/saved-profile-panels';
import { OnAccountPaymentForm } from '../../features/payments/components/on-account-payment-form';
import { useSignedInUser } from '../../lib/use-user-data';
import { returnToPriorPage } from './return-to-prior-page';
import { useReceiptViewer } from './use-receipt-viewer';

/** /onAccountPayment: an amount paid to the current customer's account in its current currency. */
export function OnAccountPaymentRoute() {
  const { t } = useTranslation(['payments', 'cart']);
  const { currentCustNo, currentCustomer, currencyCode } = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const receipt = useReceiptViewer();
  return (
    <Container size="sm">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('payments:onAccount.title')}
        </Title>
        {currentCustNo ? (
          <>
            <Text size="sm" c="dimmed" data-testid="on-account-owner">
              {t('payments:onAccount.intro')}{' '}
              {t('payments:onAccount.account', {
                company: currentCustomer?.company ?? currentCustNo,
                custNo: currentCustNo,
                currency: currencyCode,
              })}
            </Text>
            {/* A new account or currency is a new form. */}
            <OnAccountPaymentForm
              key={`${currentCustNo}|${currencyCode}`}
              custNo={currentCustNo}
              currency={currencyCode}
              onPaid={() => void queryClient.invalidateQueries()}
              onReceiptClosed={() => returnToPriorPage(navigate)}
              onShowReceiptPdf={receipt.open}
              profiles={(slot) => (
                <SavedProfilePanels
                  custNo={currentCustNo}
                  currency={currencyCode}
                  config={slot.config}
                  enabled={slot.enabled}
                  busy={slot.busy}
                  onPay={slot.pay}
                  onSelect={slot.onSelect}
                />
              )}
            />
          </>
        ) : (
          <Alert color="yellow">{t('cart:noAccount')}</Alert>
        )}
        {receipt.viewer}
      </Stack>
    </Container>
  );
}
