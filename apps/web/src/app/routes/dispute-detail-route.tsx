import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { DisputeDetail } from '../../features/disputes/components/dispute-detail';
import { UploadQueue } from '../../features/uploads/components/upload-queue';
import { BackLink } from './back-link';

/** dispute/{invNo}/{probId}/{tranId}: one dispute of an invoice. */
export function DisputeDetailRoute() {
  const { t } = useTranslation('disputes');
  const params = useParams();
  const probNo = Number(params.probId);
  if (!Number.isInteger(probNo) || probNo <= 0) return <Navigate to="/invoices" replace />;
  return (
    <Container size="lg">
      <DisputeDetail
        key={probNo}
        probNo={probNo}
        uploader={UploadQueue}
        back={
          <BackLink fallback={`/detail/O/${encodeURIComponent(params.invNo ?? '')}`}>
            {t('actions.back')}
          </BackLink>
        }
      />
    </Container>
  );
}
