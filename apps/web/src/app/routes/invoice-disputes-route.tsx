import { Container } from '@mantine/core';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InvoiceDisputesList } from '../../features/disputes/components/invoice-disputes-list';
import { useSignedInUser } from '../../lib/use-user-data';
import { BackLink } from './back-link';

/** disputebyinvoices/{invNo}: the disputes of one invoice. */
export function InvoiceDisputesRoute() {
  const { t } = useTranslation('disputes');
  const invNo = useParams().invNo ?? '';
  const { roles } = useSignedInUser();
  return (
    <Container size="lg">
      <InvoiceDisputesList
        invNo={invNo}
        canCreate={hasPrivilege(roles, Privilege.ALLOW_PROB)}
        back={<BackLink fallback={`/detail/O/${encodeURIComponent(invNo)}`}>{t('actions.back')}</BackLink>}
      />
    </Container>
  );
}
