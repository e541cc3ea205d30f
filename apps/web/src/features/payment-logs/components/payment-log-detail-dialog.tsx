import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { PAYMENT_LOG_DETAIL_SIZE } from '@settle/shared/payment-logs';
import type { TPaymentSummary } from '@settle/shared/payments';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { usePaymentLogDetail } from '../api/get-payment-log-detail';
import { STATUS_COLOR } from '../lib/payment-log-labels';

/** Below this width the dialog takes the whole screen (a phone at 360 px). */
const FULL_SCREEN_QUERY = '(max-width: 40em)';

/**
 * A payment of the log (900x560 on a desktop, the whole screen on a phone): its amounts and
 * fee, method type, status, references and history, the invoices it paid (none for an
 * on-account payment), and print receipt, which opens the receipt PDF.
 */
export function PaymentLogDetailDialog(props: {
  paymentKey: { custNo: string; paymentLogId: number } | null;
  onClose: () => void;
  onPrintReceipt: (key: { custNo: string; paymentLogId: number }) => Promise<void>;
}) {
  const { t } = useTranslation(['paymentLogs', 'errors']);
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY) ?? false;
  const detail = usePaymentLogDetail(props.paymentKey);
  const [printing, setPrinting] = useState(false);
  const key = props.paymentKey;

  const print = async () => {
    if (!key) return;
    setPrinting(true);
    try {
      await props.onPrintReceipt(key);
    } catch (error) {
      if (!isSessionEndingError(error))
        notifications.show({
          color: 'red',
          title: t('paymentLogs:detail.receiptFailed'),
          message: translateApiError(t, error),
        });
    } finally {
      setPrinting(false);
    }
  };

  const canPrint = detail.data !== undefined && detail.data.paymentDecision !== 'PENDING';
  return (
    <Modal
      opened={key !== null}
      onClose={props.onClose}
      title={t('paymentLogs:detail.title', { id: key?.paymentLogId ?? '' })}
      size={PAYMENT_LOG_DETAIL_SIZE.width}
      fullScreen={fullScreen}
      centered
      data-testid="payment-log-detail"
      styles={{
        content: fullScreen
          ? { display: 'flex', flexDirection: 'column' }
          : { height: PAYMENT_LOG_DETAIL_SIZE.height, display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
    >
      {/* Focusable and named: a keyboard user can scroll it when the payment outgrows 560 px. */}
      <Stack
        gap="md"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={t('paymentLogs:detail.title', { id: key?.paymentLogId ?? '' })}
        data-testid="payment-log-detail-body"
      >
        {detail.isError && !isSessionEndingError(detail.error) ? (
          <Alert color="red" data-testid="payment-log-detail-error">
            {translateApiError(t, detail.error)}
          </Alert>
        ) : detail.data ? (
          <PaymentDetailContent payment={detail.data} />
        ) : (
          <Stack gap={6} aria-busy="true">
            {Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
              <Skeleton key={index} height={24} />
            ))}
          </Stack>
        )}
      </Stack>
      <Group justify="flex-end" gap="sm" pt="md">
        <Button variant="default" onClick={props.onClose} data-testid="payment-log-detail-close">
          {t('paymentLogs:detail.close')}
        </Button>
        <Button
          onClick={print}
          loading={printing}
          disabled={!canPrint}
          data-testid="payment-log-print-receipt"
        >
          {t('paymentLogs:detail.printReceipt')}
        </Button>
      </Group>
    </Modal>
  );
}

function PaymentDetailContent({ payment }: { payment: TPaymentSummary }) {
  const { t } = useTranslation('paymentLogs');
  const { c2, dateTime } = useFormatters();
  const money = (value: string) => c2(value, payment.currencyCode);
  const facts: Array<[string, ReactNode, string]> = [
    ['createdAt', dateTime(payment.createdAt), 'date'],
    ['transactionType', t(`values.transactionType.${payment.transactionType}`), 'type'],
    ['methodType', t(`values.methodType.${payment.methodType}`), 'method'],
    ['paymentType', t(`values.paymentType.${payment.paymentType}`), 'payment-type'],
    ['accountMasked', payment.accountMasked ?? '—', 'account'],
    ['amount', money(payment.amount), 'amount'],
    ['fee', money(payment.convenienceFeeAmount), 'fee'],
    ['total', money(payment.totalCharged), 'total'],
    ['trackingNo', payment.trackingNo ?? '—', 'tracking'],
    ['authCode', payment.authCode ?? '—', 'auth'],
  ];
  if (payment.note) facts.push(['note', payment.note, 'note']);
  if (payment.contractNumber) facts.push(['contractNumber', payment.contractNumber, 'contract']);
  const onAccount = payment.transactionType === 'ON_ACCOUNT';

  return (
    <>
      <Group gap="sm">
        <Badge
          color={STATUS_COLOR[payment.paymentDecision]}
          size="lg"
          variant="light"
          data-testid="payment-log-detail-status"
          data-status={payment.paymentDecision}
        >
          {t(`values.status.${payment.paymentDecision}`)}
        </Badge>
        {payment.responseText && payment.paymentDecision !== 'SUCCESS' ? (
          <Text size="sm">
            {t(`responses.${payment.responseText}`, { defaultValue: payment.responseText })}
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
        {facts.map(([field, value, testId]) => (
          <Group key={field} gap="xs" wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed" miw={150}>
              {t(`columns.${field}`)}
            </Text>
            <Text component="dd" size="sm" m={0} data-testid={`payment-log-detail-${testId}`}>
              {value}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
      {onAccount ? null : (
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t('detail.invoices')}
          </Title>
          <Table striped withTableBorder fz="sm" data-testid="payment-log-detail-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.invNo')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('detail.lineAmount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payment.paymentDetailLogViews.map((line) => (
                <Table.Tr key={line.invNo}>
                  <Table.Td>{line.invNo}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{c2(line.amount, line.currCode)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Stack gap={4}>
        <Title order={2} size="h5">
          {t('detail.history')}
        </Title>
        <Stack component="ol" gap={2} m={0} pl="md" data-testid="payment-log-detail-history">
          {payment.history.map((entry) => (
            <Text component="li" size="sm" key={`${entry.at}-${entry.event}`}>
              {dateTime(entry.at)} · {t(`history.${entry.event}`)}
            </Text>
          ))}
        </Stack>
      </Stack>
    </>
  );
}
