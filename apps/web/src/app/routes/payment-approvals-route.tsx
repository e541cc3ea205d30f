import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApprovalsList } from '../../features/payment-approvals/components/approvals-list';

/** /paymentApprovals: payments colleagues submitted for approval, and the user's own submissions. */
export function PaymentApprovalsRoute() {
  const { t } = useTranslation('approvals');
  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
        <ApprovalsList />
      </Stack>
    </Container>
  );
}
