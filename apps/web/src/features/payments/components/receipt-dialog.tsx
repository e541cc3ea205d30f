import { Alert, Badge, Button, Group, List, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TPaymentResult, TPaymentStatus, TPaymentSummary } from '@settle/shared/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { getReceiptPdf, saveBlob } from '../../../lib/receipt-pdf';
import { useFormatters } from '../../../lib/use-formatters';
import { usePaymentSummary } from '../api/get-payment-summary';
import type { CheckoutRequest } from '../lib/checkout-request';
import { failureMessageKey } from '../lib/payment-outcome';
import { translatePaymentError } from '../lib/translate-payment-error';

const STATUS_COLOR: Record<TPaymentStatus, string> = {
  SUCCESS: 'teal',
  ERROR: 'red',
  FAILURE: 'red',
  CANCELLED: 'gray',
  PENDING: 'yellow',
};

/**
 * The receipt of a finished payment: its status and, from the payment log, the amounts, fee,
 * method, masked account, tracking number, lines and history, with the receipt as a PDF.
 */
export function ReceiptDialog(props: {
  request: CheckoutRequest;
  result: TPaymentResult;
  onClose: () => void;
  /** Shows the receipt PDF in the app's viewer; without it the PDF is downloaded. */
  onShowPdf?: (key: { custNo: string; paymentLogId: number }) => void;
}) {
  const { t } = useTranslation(['payments', 'errors']);
  const { result, request } = props;
  const summary = usePaymentSummary(result.paymentLogId);
  const status = (summary.data?.paymentDecision ?? result.status ?? 'ERROR') as TPaymentStatus;
  const failureKey = failureMessageKey({
    status,
    responseText: summary.data?.responseText ?? result.responseText,
  });
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (result.paymentLogId === null) return;
    if (props.onShowPdf) {
      props.onShowPdf({ custNo: request.custNo, paymentLogId: result.paymentLogId });
      return;
    }
    setDownloading(true);
    try {
      const blob = await getReceiptPdf({ custNo: request.custNo, paymentLogId: result.paymentLogId });
      saveBlob(blob, `receipt-${result.paymentLogId}.pdf`);
    } catch (error) {
      if (!isSessionEndingError(error))
        notifications.show({
          color: 'red',
          title: t('payments:receipt.downloadFailed'),
          message: translatePaymentError(t, error),
        });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('payments:receipt.title')}
      centered
      size="lg"
      data-testid="receipt-dialog"
    >
      <Stack gap="md">
        <Group gap="sm">
          <Badge
            color={STATUS_COLOR[status]}
            size="lg"
            variant="light"
            data-testid="receipt-status"
            data-status={status}
          >
            {t(`payments:receipt.status.${status}`)}
          </Badge>
        </Group>
        {failureKey ? (
          <Alert color="red" role="alert" data-testid="receipt-failure">
            {t(`payments:${failureKey}`)}
          </Alert>
        ) : null}
        {summary.isPending && result.paymentLogId !== null ? <Skeleton height={120} /> : null}
        {summary.isError ? (
          <Text size="sm" c="dimmed" data-testid="receipt-load-failed">
            {t('payments:receipt.loadFailed')}
          </Text>
        ) : null}
        {summary.data ? <ReceiptDetails summary={summary.data} /> : null}
        <Group justify="flex-end">
          {result.paymentLogId !== null && status === 'SUCCESS' ? (
            <Button variant="default" onClick={download} loading={downloading} data-testid="receipt-download">
              {t('payments:receipt.download')}
            </Button>
          ) : null}
          <Button onClick={props.onClose} data-testid="receipt-close">
            {t('payments:receipt.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReceiptDetails({ summary }: { summary: TPaymentSummary }) {
  const { t } = useTranslation('payments');
  const { c2, dateTime } = useFormatters();
  const currency = summary.currencyCode;
  const rows: Array<[string, string | null, string]> = [
    [t('receipt.amount'), c2(summary.amount, currency), 'receipt-amount'],
    [
      t('receipt.fee'),
      Number(summary.convenienceFeeAmount) !== 0 ? c2(summary.convenienceFeeAmount, currency) : null,
      'receipt-fee',
    ],
    [t('receipt.total'), c2(summary.totalCharged, currency), 'receipt-total'],
    [t('receipt.method'), t(`methods.short.${summary.paymentType}`), 'receipt-method'],
    [t('receipt.account'), summary.accountMasked, 'receipt-account'],
    [t('receipt.trackingNo'), summary.trackingNo, 'receipt-tracking'],
    [t('receipt.authCode'), summary.authCode, 'receipt-auth'],
    [t('receipt.date'), dateTime(summary.settledAt ?? summary.createdAt), 'receipt-date'],
    [t('receipt.note'), summary.note || null, 'receipt-note'],
    [t('receipt.contractNumber'), summary.contractNumber || null, 'receipt-contract'],
  ];
  return (
    <Stack gap="sm">
      <Table withRowBorders={false} fz="sm" data-testid="receipt-facts">
        <Table.Tbody>
          {rows
            .filter(([, value]) => value !== null && value !== '')
            .map(([label, value, testId]) => (
              <Table.Tr key={testId}>
                <Table.Th scope="row" w="45%">
                  {label}
                </Table.Th>
                <Table.Td data-testid={testId}>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      {summary.transactionType === 'ON_ACCOUNT' ? (
        <Text size="sm" c="dimmed">
          {t('receipt.onAccount')}
        </Text>
      ) : (
        <>
          <Title order={3} size="h5">
            {t('receipt.lines')}
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table fz="sm" withTableBorder data-testid="receipt-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('receipt.invNo')}</Table.Th>
                  <Table.Th ta="right">{t('receipt.lineAmount')}</Table.Th>
                  <Table.Th>{t('receipt.shortPayReason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.paymentDetailLogViews.map((line) => (
                  <Table.Tr key={line.invNo} data-testid={`receipt-line-${line.invNo}`}>
                    <Table.Td>{line.invNo}</Table.Td>
                    <Table.Td ta="right">{c2(line.amount, line.currCode)}</Table.Td>
                    <Table.Td>
                      {line.shortPayReason
                        ? t(`shortPayReason.${line.shortPayReason}`, { defaultValue: line.shortPayReason })
                        : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {summary.history.length > 0 ? (
        <>
          <Title order={3} size="h5">
            {t('receipt.history')}
          </Title>
          <List size="sm" spacing={2} data-testid="receipt-history">
            {summary.history.map((entry) => (
              <List.Item key={`${entry.at}-${entry.event}`}>
                {dateTime(entry.at)}: {t(`receipt.event.${entry.event}`)}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
