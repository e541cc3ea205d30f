import { Privilege, type TPrivilege } from '@settle/shared/privileges';

export interface NavItem {
  to: string;
  labelKey: string;
  testId: string;
  /** Shown only to users with this privilege. */
  privilege?: TPrivilege;
}

/** The main areas of the spec; only Home is built so far, the others show a placeholder. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', labelKey: 'nav.home', testId: 'nav-home' },
  { to: '/invoices', labelKey: 'nav.invoices', testId: 'nav-invoices' },
  { to: '/payments', labelKey: 'nav.payments', testId: 'nav-payments' },
  { to: '/disputes', labelKey: 'nav.disputes', testId: 'nav-disputes' },
  // Last, beside the cart link that follows the navigation in the header.
  {
    to: '/onAccountPayment',
    labelKey: 'nav.onAccount',
    testId: 'nav-on-account',
    privilege: Privilege.ALLOW_PAY,
  },
];

export function visibleNavItems(roles: readonly string[] | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.privilege || (roles ?? []).includes(item.privilege));
}
