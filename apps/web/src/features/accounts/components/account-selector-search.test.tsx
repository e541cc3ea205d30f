import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { acme, buildCustomer, buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { AccountSelector, MANY_ACCOUNTS } from './account-selector';

/** More accounts than the selector draws whole: Acme (current) and branches B01… */
const branches = Array.from({ length: MANY_ACCOUNTS }, (_, index) =>
  buildCustomer({
    custNo: `B${String(index + 1).padStart(2, '0')}`,
    company: index === 3 ? 'Zephyr Branch' : `Branch ${index + 1}`,
    currencies: ['USD'],
    defAccount: false,
  }),
);
const everyone = [acme, ...branches];

/** The server's customer source: number or company prefix, any case. */
function customerSource(call: RecordedCall) {
  const startsWith = (call.query.get('startsWith') ?? '').toLowerCase();
  const items = everyone
    .filter(
      (customer) =>
        customer.custNo.toLowerCase().startsWith(startsWith) ||
        customer.company.toLowerCase().startsWith(startsWith),
    )
    .map((customer) => ({ value: customer.custNo, label: `${customer.company} (${customer.custNo})` }));
  return { body: { items, page: 1, pageSize: Number(call.query.get('pageSize')), total: items.length } };
}

describe('AccountSelector for a user with many accounts', () => {
  it('searches the accounts on the server by what was typed, and makes the chosen one current', async () => {
    const calls = stubApi([
      { method: 'GET', path: '/invoices/associationAccounts', reply: { body: everyone } },
      { method: 'GET', path: '/data/customers', reply: customerSource },
      {
        method: 'PUT',
        path: '/user/currenctCust/B04',
        reply: { body: { currentCustNo: 'B04', currentCustomer: branches[3], currencyCode: 'USD' } },
      },
    ]);
    const { user } = renderComponent(<AccountSelector />, {
      userData: buildUserData({ customers: everyone }),
    });
    const select = screen.getByTestId('account-select');
    await waitFor(() => expect(select).toHaveValue('Acme Corp (C100)'));

    await user.click(select);
    await user.clear(select);
    await user.type(select, 'zep');
    // The current account stays choosable whatever the search answered.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Acme Corp (C100)',
        'Zephyr Branch (B04)',
      ]),
    );
    const searched = calls
      .filter((call) => call.path === '/data/customers')
      .map((call) => call.query.get('startsWith'));
    expect(searched).toContain('zep');

    await user.click(screen.getByRole('option', { name: 'Zephyr Branch (B04)' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe('/user/currenctCust/B04');
    await waitFor(() => expect(select).toHaveValue('Zephyr Branch (B04)'));
  });
});
