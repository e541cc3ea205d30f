import { Button } from '@mantine/core';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedInUser } from '../../../lib/use-user-data';

/** Starts a customer-level dispute on the current account; only users with ALLOW_CUST_PROB see it. */
export function NewCustomerDisputeButton() {
  const { t } = useTranslation('disputes');
  const { roles, currentCustNo } = useSignedInUser();
  if (!currentCustNo || !hasPrivilege(roles, Privilege.ALLOW_CUST_PROB)) return null;
  return (
    <Button
      component={Link}
      to={`/custDispute/${encodeURIComponent(currentCustNo)}/0`}
      variant="light"
      size="sm"
      data-testid="new-customer-dispute"
    >
      {t('create.newCustomerDispute')}
    </Button>
  );
}
