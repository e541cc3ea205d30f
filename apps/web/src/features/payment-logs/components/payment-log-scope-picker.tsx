import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PAYMENT_LOG_DATE_RANGES, type TPaymentLogDateRange } from '@settle/shared/payment-logs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentLogScope } from '../hooks/use-payment-log-scope';

/** The log's search: the customer and currency (the user's own only) and the spec's date ranges. */
export function PaymentLogScopePicker({ scope }: { scope: PaymentLogScope }) {
  const { t } = useTranslation('paymentLogs');
  const rangeLabelId = useId();
  // Four ranges side by side do not fit a phone (in French least of all): they are stacked there.
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  const customer = scope.customers.find((candidate) => candidate.custNo === scope.custNo);
  return (
    <Group align="flex-end" gap="md" wrap="wrap" data-testid="payment-log-scope">
      <Select
        label={t('scope.customer')}
        data={scope.customers.map((candidate) => ({
          value: candidate.custNo,
          label: `${candidate.company} (${candidate.custNo})`,
        }))}
        value={scope.custNo}
        onChange={(value) => value && scope.setScope({ custNo: value })}
        allowDeselect={false}
        w={{ base: '100%', xs: 300 }}
        data-testid="payment-log-customer"
      />
      <Select
        label={t('scope.currency')}
        data={customer?.currencies ?? [scope.currencyCode]}
        value={scope.currencyCode}
        onChange={(value) => value && scope.setScope({ currencyCode: value })}
        allowDeselect={false}
        w={{ base: '100%', xs: 120 }}
        data-testid="payment-log-currency"
      />
      <Stack gap={4} w={narrow ? '100%' : undefined}>
        <Text id={rangeLabelId} size="sm" fw={500}>
          {t('scope.dateRange')}
        </Text>
        <SegmentedControl
          aria-labelledby={rangeLabelId}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          value={scope.dateRange}
          onChange={(value) => scope.setScope({ dateRange: value as TPaymentLogDateRange })}
          data={PAYMENT_LOG_DATE_RANGES.map((range) => ({ value: range, label: t(`ranges.${range}`) }))}
          data-testid="payment-log-range"
        />
      </Stack>
    </Group>
  );
}
