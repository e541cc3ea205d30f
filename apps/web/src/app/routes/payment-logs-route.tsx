import { Container, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PAYMENT_LOG_SEARCH_FIELDS } from '@settle/shared/payment-logs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentLogGrid } from '../../features/payment-logs/components/payment-log-grid';
import { openReceipt } from '../../features/payment-logs/lib/open-receipt';
import { AdvancedSearchPanel } from '../../features/search/components/advanced-search-panel';
import { useCriteriaSearchParam } from '../../features/search/hooks/use-criteria-search-param';
import { PAGE_PARAM } from '../../lib/grid-search-params';

const RESULT_PARAMS = [PAGE_PARAM];

/**
 * /payments?custNo=…&currency=…&range=…&criteria=…&filter=…&page=…: the payment logs, with the
 * customer, currency and date range, the advanced search, and each payment's detail and receipt.
 */
export function PaymentLogsRoute() {
  const { t } = useTranslation('paymentLogs');
  const { criteria, filter, setCriteria } = useCriteriaSearchParam({ resetParams: RESULT_PARAMS });
  const printReceipt = useCallback(
    async (key: { custNo: string; paymentLogId: number }) => {
      const outcome = await openReceipt(key, t('detail.preparingReceipt'));
      if (outcome === 'downloaded')
        notifications.show({ color: 'yellow', message: t('detail.popupBlocked') });
    },
    [t],
  );

  return (
    <Container size="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <PaymentLogGrid
          filter={filter || undefined}
          onPrintReceipt={printReceipt}
          filterSlot={
            <AdvancedSearchPanel
              grid="paymentLogs"
              fields={PAYMENT_LOG_SEARCH_FIELDS}
              value={criteria}
              onApply={setCriteria}
            />
          }
        />
      </Stack>
    </Container>
  );
}
