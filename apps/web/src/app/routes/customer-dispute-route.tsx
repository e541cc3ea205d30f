import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DisputeCreateForm } from '../../features/disputes/components/dispute-create-form';
import { DisputeDetail } from '../../features/disputes/components/dispute-detail';
import { UploadQueue } from '../../features/uploads/components/upload-queue';
import { useSignedInUser } from '../../lib/use-user-data';
import { BackLink, useGoBack } from './back-link';

/** custDispute/{custNo}/{probId}: a customer-level dispute; probId 0 creates one (ALLOW_CUST_PROB). */
export function CustomerDisputeRoute() {
  const { t } = useTranslation('disputes');
  const params = useParams();
  const navigate = useNavigate();
  const { roles, customers, currencyCode } = useSignedInUser();
  const goBack = useGoBack('/home');
  const custNo = params.custNo ?? '';
  const probNo = Number(params.probId);
  if (!Number.isInteger(probNo) || probNo < 0) return <Navigate to="/home" replace />;
  const back = <BackLink fallback="/home">{t('actions.back')}</BackLink>;

  if (probNo > 0) {
    return (
      <Container size="lg">
        <DisputeDetail key={probNo} probNo={probNo} uploader={UploadQueue} back={back} />
      </Container>
    );
  }

  const linked = customers.some((customer) => customer.custNo === custNo);
  const allowed = hasPrivilege(roles, Privilege.ALLOW_CUST_PROB) && linked;
  return (
    <Container size="lg">
      <Stack gap="md">
        {back}
        <Title order={1} size="h2" data-testid="dispute-create-title">
          {t('create.customerTitle')}
        </Title>
        {allowed ? (
          <>
            <Text size="sm" c="dimmed">
              {t('create.customerIntro', { custNo })}
            </Text>
            <DisputeCreateForm
              target={{ kind: 'customer', custNo, currencyCode }}
              uploader={UploadQueue}
              onCreated={(dispute) => {
                notifications.show({
                  color: 'teal',
                  message: t('create.created', { probNo: dispute.probNo }),
                });
                navigate(`/custDispute/${encodeURIComponent(custNo)}/${dispute.probNo}`, { replace: true });
              }}
              onCancel={goBack}
            />
          </>
        ) : (
          <Alert color="yellow" data-testid="dispute-not-allowed">
            {t('create.noPermission')}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
