export interface NavItem {
  to: string;
  labelKey: string;
  testId: string;
}

/** The main areas of the spec; only Home is built so far, the others show a placeholder. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', labelKey: 'nav.home', testId: 'nav-home' },
  { to: '/invoices', labelKey: 'nav.invoices', testId: 'nav-invoices' },
  { to: '/payments', labelKey: 'nav.payments', testId: 'nav-payments' },
  { to: '/disputes', labelKey: 'nav.disputes', testId: 'nav-disputes' },
];
