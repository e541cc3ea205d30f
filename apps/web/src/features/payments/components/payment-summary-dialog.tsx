import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import {
  PAYMENT_SUMMARY_HEIGHT,
  PAYMENT_SUMMARY_HEIGHT_WITH_FEES,
  type TProviderSettings,
} from '@settle/shared/payments';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import type { CheckoutRequest } from '../lib/checkout-request';

/** The spec's summary dialog: 360 px high, 380 when a convenience fee applies (with its percentage). */
export function summaryDialogHeight(provider: TProviderSettings): number {
  return provider.paymentFees.feesApplied ? PAYMENT_SUMMARY_HEIGHT_WITH_FEES : PAYMENT_SUMMARY_HEIGHT;
}

export function PaymentSummaryDialog(props: {
  request: CheckoutRequest;
  provider: TProviderSettings;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('payments');
  const { c2, n2 } = useFormatters();
  const { request, provider } = props;
  const fees = provider.paymentFees;
  const currency = request.currency;
  const total = fees.feesApplied ? fees.amountWithFees : request.amount;
  const percentage = n2(fees.convenienceFeePercentage);

  return (
    <Modal
      opened
      onClose={props.onCancel}
      title={t('summary.title')}
      centered
      styles={{ content: { minHeight: summaryDialogHeight(provider) } }}
      data-testid="payment-summary"
      data-height={summaryDialogHeight(provider)}
    >
      <Stack gap="md">
        <Table withRowBorders={false} fz="sm" data-testid="payment-summary-table">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('summary.method')}</Table.Th>
              <Table.Td ta="right">{t(`methods.short.${request.paymentType}`)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">
                {t('summary.amount')}
                {request.flow === 'cart' ? (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('summary.invoices', { count: request.payments.length })}
                  </Text>
                ) : null}
              </Table.Th>
              <Table.Td ta="right" data-testid="summary-amount">
                {c2(fees.feesApplied ? fees.originalAmount : request.amount, currency)}
              </Table.Td>
            </Table.Tr>
            {fees.feesApplied ? (
              <Table.Tr>
                <Table.Th scope="row">{t('summary.fee', { percentage })}</Table.Th>
                <Table.Td ta="right" data-testid="summary-fee">
                  {c2(fees.convenienceFeeAmount, currency)}
                </Table.Td>
              </Table.Tr>
            ) : null}
            <Table.Tr>
              <Table.Th scope="row">
                <Text fw={700}>{t('summary.total')}</Text>
              </Table.Th>
              <Table.Td ta="right">
                <Text fw={700} size="lg" data-testid="summary-total">
                  {c2(total, currency)}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {fees.feesApplied ? (
          <Text size="sm" c="dimmed" data-testid="summary-fee-note">
            {t('summary.feeNote', { percentage })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-testid="summary-cancel">
            {t('summary.cancel')}
          </Button>
          <Button onClick={props.onContinue} data-testid="summary-continue">
            {t('summary.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
