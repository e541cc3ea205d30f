import { Alert, Container, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { canDispute } from '@settle/shared/rules/disputes';
import { invoiceFacts } from '@settle/shared/rules/invoices';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DisputeCreateForm } from '../../features/disputes/components/dispute-create-form';
import { useInvoiceDetail } from '../../features/invoices/api/get-invoice-detail';
import { UploadQueue } from '../../features/uploads/components/upload-queue';
import { isSessionEndingError, translateApiError } from '../../lib/api-error';
import { useSignedInUser } from '../../lib/use-user-data';
import { BackLink, useGoBack } from './back-link';

/** dispute/{invNo}: the create screen; on success it closes and the list the user came from returns. */
export function DisputeCreateRoute() {
  const { t } = useTranslation(['disputes', 'invoices', 'errors']);
  const invNo = useParams().invNo ?? '';
  const { currentCustNo, roles } = useSignedInUser();
  const detail = useInvoiceDetail({ invNo, status: 'O', custNo: currentCustNo ?? '' });
  const goBack = useGoBack(`/detail/O/${encodeURIComponent(invNo)}`);
  const back = (
    <BackLink fallback={`/detail/O/${encodeURIComponent(invNo)}`}>{t('disputes:actions.back')}</BackLink>
  );

  const rule = detail.data ? canDispute(invoiceFacts(detail.data.invoice), roles) : null;
  return (
    <Container size="lg">
      <Stack gap="md">
        {back}
        <Title order={1} size="h2" data-testid="dispute-create-title">
          {t('disputes:create.title', { invNo })}
        </Title>
        {detail.isPending ? <Skeleton height={240} /> : null}
        {detail.isError ? (
          <Alert color="red" title={t('disputes:detail.loadFailed')}>
            {isSessionEndingError(detail.error) ? null : translateApiError(t, detail.error)}
          </Alert>
        ) : null}
        {rule && !rule.allowed ? (
          <Alert color="yellow" data-testid="dispute-not-allowed">
            {t(`invoices:refusal.${rule.reason}`)}
          </Alert>
        ) : null}
        {detail.data && rule?.allowed ? (
          <DisputeCreateForm
            target={{ kind: 'invoice', detail: detail.data }}
            uploader={UploadQueue}
            onCreated={(dispute) => {
              notifications.show({
                color: 'teal',
                message: t('disputes:create.created', { probNo: dispute.probNo }),
              });
              goBack();
            }}
            onCancel={goBack}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
