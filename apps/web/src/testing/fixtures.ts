import type { TCustomer } from '@settle/shared/accounts';
import type { TUserData } from '@settle/shared/auth';
import type { TCustomerSummary } from '@settle/shared/dashboard';

export function buildCustomer(overrides: Partial<TCustomer> = {}): TCustomer {
  return {
    custNo: 'C100',
    company: 'Acme Corp',
    currencies: ['USD', 'EUR'],
    defAccount: true,
    cartSummary: { nbrOfInvoices: 0, totalAmount: '0.00' },
    ...overrides,
  };
}

export const acme = buildCustomer();
export const beta = buildCustomer({
  custNo: 'C200',
  company: 'Beta Industries',
  currencies: ['CAD'],
  defAccount: false,
});
export const gamma = buildCustomer({
  custNo: 'C300',
  company: 'Gamma Ltd',
  currencies: [],
  defAccount: false,
});

export function buildUserData(overrides: Partial<TUserData> = {}): TUserData {
  return {
    loginName: 'jdoe',
    customers: [acme, beta, gamma],
    roles: [],
    fullName: 'Jane Doe',
    firstName: 'Jane',
    lastName: 'Doe',
    locale: 'en_US',
    localeForFormatting: 'en-US',
    language: 'en',
    timezone: 'UTC',
    sessionId: 'session-1',
    currencyCode: 'USD',
    currencyMap: { USD: '$', EUR: '€', CAD: 'CA$' },
    currentCustNo: 'C100',
    currentCustomer: acme,
    appHeaderName: 'Settle',
    ...overrides,
  };
}

export function buildSummary(overrides: Partial<TCustomerSummary> = {}): TCustomerSummary {
  return {
    custNo: 'C100',
    company: 'Acme Corp',
    currencyCode: 'USD',
    asOf: '2026-11-22',
    openCount: 1234,
    openBalance: '1234.5',
    overdueCount: 1,
    overdueBalance: '200.00',
    comingDueCount: 2,
    comingDueBalance: '300.00',
    creditCount: 3,
    creditBalance: '-50.25',
    disputedCount: 4,
    disputedAmount: '10.00',
    ...overrides,
  };
}
