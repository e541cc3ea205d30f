import type { TCustomer } from '@settle/shared/accounts';
import type { TDashboard } from '@settle/shared/dashboard';
import type { StubRoute } from './fetch-stub';
import { acme, beta, buildSummary, gamma } from './fixtures';

/**
 * Approval before paying: no payment to approve, and no threshold on any cart. Every signed-in page's
 * header asks for the count, so stubApi answers these after a test's own routes (a test may override them).
 */
export const approvalRoutes: StubRoute[] = [
  { method: 'GET', path: '/payment/approvals/count', reply: { body: { toDecide: 0 } } },
  {
    method: 'GET',
    path: '/payment/approvals/policy',
    reply: (call) => ({
      body: {
        custNo: call.query.get('custNo'),
        currencyCode: call.query.get('currency'),
        required: false,
        threshold: null,
        approver: false,
        pendingApprovalId: null,
      },
    }),
  },
];

/** The signed-in header on every page: the account selector's list and the cart link's cart. */
export function headerRoutes(customers: TCustomer[] = [acme, beta, gamma]): StubRoute[] {
  return [
    { method: 'GET', path: '/invoices/associationAccounts', reply: { body: customers } },
    {
      method: 'GET',
      path: '/payment/cart',
      reply: (call) => ({
        body: {
          custNo: call.query.get('custNo'),
          currencyCode: call.query.get('currencyCode'),
          paymentCartName: `${call.query.get('custNo')}-PaymentCart-${call.query.get('currencyCode')}`,
          payments: [],
          paymentSummary: { nbrOfInvoices: 0, totalAmount: '0.00' },
        },
      }),
    },
  ];
}

export const serverDateRoute: StubRoute = {
  method: 'GET',
  path: '/location/serverDate',
  reply: { body: { serverDate: '2026-11-22', serverTime: '' } },
};

/** The current account's collector, shown on the cart page and an invoice's detail. */
export const collectorRoute: StubRoute = {
  method: 'GET',
  path: '/invoices/pricollector/C100',
  reply: { body: { custNo: 'C100', name: 'Sam Collins', email: 'sam@example.test', phone: '+1 555 0100' } },
};

/** /home once signed in: the header, the server date and the current account's summary. */
export function homeRoutes(
  options: { customers?: TCustomer[]; summary?: StubRoute['reply']; dashboard?: TDashboard } = {},
): StubRoute[] {
  return [
    ...headerRoutes(options.customers),
    serverDateRoute,
    { method: 'GET', path: '/dashboard/custSummary', reply: options.summary ?? { body: buildSummary() } },
    { method: 'GET', path: '/dashboard', reply: { body: options.dashboard ?? summaryOnlyDashboard } },
    {
      method: 'GET',
      path: '/annoucment/customerPortalAnnouncement',
      reply: { body: { message: '', updatedAt: null } },
    },
  ];
}

/** A dashboard of the summary alone: the home page's tests look at the summary, not at every widget. */
export const summaryOnlyDashboard: TDashboard = {
  title: 'My dashboard',
  structure: '6-6',
  rows: [
    {
      columns: [
        {
          width: 6,
          widgets: [{ id: 'summary', type: 'customerSummary', title: '', config: {}, refreshInterval: 0 }],
        },
        { width: 6, widgets: [] },
      ],
    },
  ],
};

/** The privacy and terms texts the legal links of the signed-out pages load. */
export const legalTemplateRoute: StubRoute = {
  method: 'GET',
  path: '/auth/privacyTemplate',
  reply: { body: { value: '' } },
};

/**
 * The pre-login step the sign-in form asks first; by default the answer of a tenant that signs
 * in with a password (no single sign-on).
 */
export function preloginRoute(answer: { sso: boolean; ssoLoginUrl?: string } = { sso: false }): StubRoute {
  return {
    method: 'POST',
    path: '/auth/prelogin',
    reply: { body: { key: 'k', pincodeMethod: 'NONE', ...answer } },
  };
}
