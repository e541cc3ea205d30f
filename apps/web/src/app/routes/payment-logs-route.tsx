import { Container, Stack, Title } from '@mantine/core';
import { PAYMENT_LOG_SEARCH_FIELDS } from '@settle/shared/payment-logs';
import { useTranslation } from 'react-i18next';
import { PaymentLogGrid } from '../../features/payment-logs/components/payment-log-grid';
import { AdvancedSearchPanel } from '../../features/search/components/advanced-search-panel';
import { useCriteriaSearchParam } from '../../features/search/hooks/use-criteria-search-param';
import { PAGE_PARAM } from '../../lib/grid-search-params';
import { useReceiptViewer } from './use-receipt-viewer';

const RESULT_PARAMS = [PAGE_PARAM];

/**
 * /payments?custNo=…&currency=…&range=…&criteria=…&filter=…&page=…: the payment logs, with the
 * customer, currency and date range, the advanced search, and each payment's detail and receipt.
 */
export function PaymentLogsRoute() {
  const { t } = useTranslation('paymentLogs');
  const { criteria, filter, setCriteria } = useCriteriaSearchParam({ resetParams: RESULT_PARAMS });
  // Print receipt: the receipt PDF in the app's viewer, over the payment's detail.
  const receipt = useReceiptViewer();

  return (
    <Container size="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <PaymentLogGrid
          filter={filter || undefined}
          onPrintReceipt={async (key) => receipt.open(key)}
          filterSlot={
            <AdvancedSearchPanel
              grid="paymentLogs"
              fields={PAYMENT_LOG_SEARCH_FIELDS}
              value={criteria}
              onApply={setCriteria}
            />
          }
        />
        {receipt.viewer}
      </Stack>
    </Container>
  );
}
