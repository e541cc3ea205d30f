import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFormatters } from '../../../lib/use-formatters';
import { useApprovalCount } from '../api/get-approvals';

/** The header's link to the approvals, shown while the user has payments to approve (or is on the page). */
export function ApprovalsLink() {
  const { t } = useTranslation('approvals');
  const { n0 } = useFormatters();
  const { pathname } = useLocation();
  const count = useApprovalCount().data?.toDecide ?? 0;
  const active = pathname.startsWith('/paymentApprovals');
  if (count === 0 && !active) return null;
  return (
    <Button
      component={Link}
      to="/paymentApprovals"
      variant={active ? 'light' : 'subtle'}
      size="compact-sm"
      rightSection={
        <Badge size="sm" variant="filled" color="orange.9" aria-hidden="true" data-testid="approvals-count">
          {n0(count)}
        </Badge>
      }
      aria-current={active ? 'page' : undefined}
      data-testid="approvals-link"
    >
      <span aria-hidden="true">{t('link')}</span>
      <VisuallyHidden>{t('linkCount', { count, formatted: n0(count) })}</VisuallyHidden>
    </Button>
  );
}
