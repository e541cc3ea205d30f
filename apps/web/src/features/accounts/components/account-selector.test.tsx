import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getUserData } from '../../../lib/user-storage';
import { errorBody, type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { acme, beta, buildUserData, gamma } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';
import { ACCOUNT_CHANGED_EVENT, AccountSelector } from './account-selector';

function currentCustomerReply(call: RecordedCall) {
  const custNo = call.path.split('/').pop();
  const customer = [acme, beta, gamma].find((candidate) => candidate.custNo === custNo)!;
  const requested = (call.body as { currencyCode?: string } | undefined)?.currencyCode;
  return {
    body: {
      currentCustNo: customer.custNo,
      currentCustomer: customer,
      currencyCode: requested ?? customer.currencies[0] ?? 'USD',
    },
  };
}

describe('AccountSelector', () => {
  const events: string[] = [];
  const onAccountChanged = (event: Event) =>
    events.push((event as CustomEvent<{ custNo: string }>).detail.custNo);
  let calls: RecordedCall[];

  beforeEach(() => {
    events.length = 0;
    window.addEventListener(ACCOUNT_CHANGED_EVENT, onAccountChanged);
    setXsrfCookie('token-before-change');
    calls = stubApi([
      { method: 'GET', path: '/invoices/associationAccounts', reply: { body: [acme, beta, gamma] } },
      { method: 'PUT', path: '/user/currenctCust/C200', reply: currentCustomerReply },
      { method: 'PUT', path: '/user/currenctCust/C100', reply: currentCustomerReply },
      {
        method: 'PUT',
        path: '/user/currenctCust/C300',
        reply: { status: 400, body: errorBody(400, 'CURRENCY_NOT_AVAILABLE', 'Not available') },
      },
    ]);
  });
  afterEach(() => window.removeEventListener(ACCOUNT_CHANGED_EVENT, onAccountChanged));

  it('labels each customer as "Company (custNo)" and shows the current one', async () => {
    const { user } = renderComponent(<AccountSelector />, { userData: buildUserData() });
    const accountSelect = screen.getByTestId('account-select');
    expect(accountSelect).toHaveValue('Acme Corp (C100)');
    expect(accountSelect).toHaveAccessibleName('Account');

    await user.click(accountSelect);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Acme Corp (C100)', 'Beta Industries (C200)', 'Gamma Ltd (C300)']);
    expect(screen.getByTestId('currency-select')).toHaveValue('USD');
  });

  it('changes the customer with a PUT carrying the XSRF token, then announces and dispatches the change', async () => {
    const { user } = renderComponent(<AccountSelector />, { userData: buildUserData() });
    // The token is read when the call is made, not when the page loaded.
    setXsrfCookie('token-at-call-time');

    await user.click(screen.getByTestId('account-select'));
    await user.click(screen.getByRole('option', { name: 'Beta Industries (C200)' }));

    await waitFor(() => expect(events).toEqual(['C200']));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/user/currenctCust/C200');
    expect(put?.headers.get('X-XSRF-TOKEN')).toBe('token-at-call-time');
    expect(put?.credentials).toBe('same-origin');
    expect(getUserData()).toMatchObject({
      currentCustNo: 'C200',
      currencyCode: 'CAD',
      currentCustomer: beta,
    });
    expect(screen.getByTestId('account-select')).toHaveValue('Beta Industries (C200)');
    expect(screen.getByTestId('currency-select')).toHaveValue('CAD');
    expect(screen.getByRole('status')).toHaveTextContent('Account changed to C200');
  });

  it('changes the currency of the current customer with a PUT of the currency code', async () => {
    const { user } = renderComponent(<AccountSelector />, { userData: buildUserData() });
    await user.click(screen.getByTestId('currency-select'));
    const listbox = screen.getByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'EUR' }));

    await waitFor(() => expect(getUserData()?.currencyCode).toBe('EUR'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/user/currenctCust/C100');
    expect(put?.body).toEqual({ currencyCode: 'EUR' });
    expect(events).toEqual([]);
  });

  it('offers USD when the current customer has no currencies', async () => {
    const { user } = renderComponent(<AccountSelector />, {
      userData: buildUserData({ currentCustNo: 'C300', currentCustomer: gamma }),
    });
    await user.click(screen.getByTestId('currency-select'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['USD']);
  });

  it('keeps the current customer and tells the user when the change is refused', async () => {
    const { user } = renderComponent(<AccountSelector />, { userData: buildUserData() });
    await user.click(screen.getByTestId('account-select'));
    await user.click(screen.getByRole('option', { name: 'Gamma Ltd (C300)' }));

    expect(await screen.findByText('This currency is not available for the account.')).toBeInTheDocument();
    expect(getUserData()?.currentCustNo).toBe('C100');
    expect(events).toEqual([]);
  });
});
