import { Badge, Button, type MantineBreakpoint, Menu, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFormatters } from '../../../lib/use-formatters';
import { useApprovalCount } from '../api/get-approvals';

/** The link is shown while the user has payments to approve, or is on the page. */
function useApprovalsLink() {
  const { t } = useTranslation('approvals');
  const { n0 } = useFormatters();
  const { pathname } = useLocation();
  const count = useApprovalCount().data?.toDecide ?? 0;
  const active = pathname.startsWith('/paymentApprovals');
  return {
    shown: count > 0 || active,
    active,
    badge: (testId: string) => (
      <Badge size="sm" variant="filled" color="orange.9" aria-hidden="true" data-testid={testId}>
        {n0(count)}
      </Badge>
    ),
    label: (
      <>
        <span aria-hidden="true">{t('link')}</span>
        <VisuallyHidden>{t('linkCount', { count, formatted: n0(count) })}</VisuallyHidden>
      </>
    ),
  };
}

/** The header's link to the approvals. */
export function ApprovalsLink({ visibleFrom }: { visibleFrom?: MantineBreakpoint }) {
  const link = useApprovalsLink();
  if (!link.shown) return null;
  return (
    <Button
      component={Link}
      to="/paymentApprovals"
      variant={link.active ? 'light' : 'subtle'}
      size="compact-sm"
      rightSection={link.badge('approvals-count')}
      aria-current={link.active ? 'page' : undefined}
      visibleFrom={visibleFrom}
      data-testid="approvals-link"
    >
      {link.label}
    </Button>
  );
}

/** The same link as an item of the navigation menu, where narrow screens keep it. */
export function ApprovalsMenuItem() {
  const link = useApprovalsLink();
  if (!link.shown) return null;
  return (
    <Menu.Item
      component={Link}
      to="/paymentApprovals"
      rightSection={link.badge('menu-approvals-count')}
      aria-current={link.active ? 'page' : undefined}
      data-testid="menu-approvals"
    >
      {link.label}
    </Menu.Item>
  );
}
