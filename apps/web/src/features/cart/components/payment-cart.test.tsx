import type { TCartLine, TPaymentCart } from '@settle/shared/cart';
import { addMoney } from '@settle/shared/money';
import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { ALL_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { acme, beta, buildUserData, gamma } from '../../../testing/fixtures';
import { buildPaymentConfig } from '../../../testing/payment-fixtures';
import { renderApp } from '../../../testing/render';

function line(invNo: string, balance: string, disputed = '0.00'): TCartLine {
  return {
    invNo,
    tranId: `T-${invNo}`,
    balance,
    disputed,
    originalAmount: balance,
    payment: addMoney(balance, `-${disputed}`.replace('--', '')),
    custNo: 'C100',
    currencyCode: 'USD',
  };
}

function cartOf(payments: TCartLine[], currencyCode = 'USD'): TPaymentCart {
  return {
    custNo: 'C100',
    currencyCode,
    paymentCartName: `C100-PaymentCart-${currencyCode}`,
    payments,
    paymentSummary: {
      nbrOfInvoices: payments.length,
      totalAmount: addMoney('0', ...payments.map((entry) => entry.payment)),
    },
  };
}

/** A server cart: GET, remove, empty and sync act on the same lines. */
function cartApi(
  initial: TCartLine[],
  options: { dropOnSync?: string[]; currencyCode?: string; profiles?: TPaymentProfile[] } = {},
) {
  let lines = [...initial];
  const routes: StubRoute[] = [
    { method: 'GET', path: '/invoices/associationAccounts', reply: { body: [acme, beta, gamma] } },
    { method: 'GET', path: '/payment/cart', reply: () => ({ body: cartOf(lines, options.currencyCode) }) },
    {
      method: 'POST',
      path: '/payment/cart/remove',
      reply: (call) => {
        const removed = (call.body as { invNo: string[] }).invNo;
        lines = lines.filter((entry) => !removed.includes(entry.invNo));
        return { body: cartOf(lines, options.currencyCode) };
      },
    },
    {
      method: 'DELETE',
      path: '/payment/cart',
      reply: () => {
        lines = [];
        return { body: cartOf(lines, options.currencyCode) };
      },
    },
    {
      method: 'POST',
      path: '/payment/syncPaymentCart/C100',
      reply: (call) => {
        const asked = call.body as string[];
        const dropped = options.dropOnSync ?? [];
        lines = lines.filter((entry) => !dropped.includes(entry.invNo));
        return {
          body: lines
            .filter((entry) => asked.includes(entry.invNo))
            .map((entry) =>
              entry.invNo === 'A'
                ? { invNo: 'A', balance: '90.00', disputed: '10.00', payment: '80.00' }
                : {
                    invNo: entry.invNo,
                    balance: entry.balance,
                    disputed: entry.disputed,
                    payment: entry.payment,
                  },
            ),
        };
      },
    },
    { method: 'GET', path: '/invoices/pricollector/C100', reply: { status: 404, body: {} } },
    {
      method: 'GET',
      path: `/payment/config/cart/${options.currencyCode ?? 'USD'}`,
      reply: {
        body: buildPaymentConfig(
          options.profiles
            ? { allowCreditCardProfile: true, allowDebitCardProfile: true, allowECheckProfile: true }
            : {},
        ),
      },
    },
    // Without saved payment profiles the panels stay empty.
    { method: 'GET', path: '/payment/profiles', reply: { body: options.profiles ?? [] } },
  ];
  return stubApi(routes);
}

const rowIds = () => screen.queryAllByTestId(/^cart-row-/).map((row) => row.getAttribute('data-testid'));
const byPath = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('PaymentCart', () => {
  it('syncs at load: drops the lines the server no longer returns and takes its amounts', async () => {
    const calls = cartApi([line('A', '100.00'), line('B', '50.25', '0.25'), line('C', '20.00')], {
      dropOnSync: ['C'],
    });
    renderApp({ route: '/paymentCart', userData: buildUserData({ roles: [...ALL_PRIVILEGES] }) });

    await waitFor(() => expect(rowIds()).toEqual(['cart-row-A', 'cart-row-B']));
    expect(byPath(calls, 'POST', '/payment/syncPaymentCart/C100')[0]!.body).toEqual(['A', 'B', 'C']);
    expect(screen.getByTestId('cart-amount-A')).toHaveValue('80.00');
    expect(screen.getByTestId('cart-row-A')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$130.00');
    expect(screen.getByTestId('cart-summary-count')).toHaveTextContent('2 invoices');
    expect(screen.getByTestId('cart-disputed-header')).toHaveTextContent('Disputed');
    // Whose cart it is in words, not its technical name.
    expect(screen.getByTestId('cart-name')).toHaveTextContent('Acme Corp (C100), in USD');
    expect(screen.queryByText('C100-PaymentCart-USD')).not.toBeInTheDocument();
    // The header count follows the server's cart once the dropped line is gone.
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));
  });

  it('hides the disputed column without the dispute-view privilege', async () => {
    cartApi([line('A', '100.00')]);
    renderApp({ route: '/paymentCart', userData: buildUserData({ roles: [Privilege.ALLOW_PAY] }) });
    await screen.findByTestId('cart-row-A');
    expect(screen.queryByTestId('cart-disputed-header')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('cart-grid')).queryByText('Disputed')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-row-A')).not.toHaveTextContent('$10.00');
  });

  it('asks before removing a line, removes nothing on cancel, then posts the removal on confirm', async () => {
    const calls = cartApi([line('A', '100.00'), line('B', '50.00')]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    await screen.findByTestId('cart-row-B');

    await user.click(screen.getByTestId('cart-remove-B'));
    expect(await screen.findByText('Are you sure you want to remove this invoice?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(byPath(calls, 'POST', '/payment/cart/remove')).toHaveLength(0);

    await user.click(screen.getByTestId('cart-remove-B'));
    await user.click(await screen.findByTestId('confirm-remove'));
    await waitFor(() => expect(byPath(calls, 'POST', '/payment/cart/remove')).toHaveLength(1));
    expect(byPath(calls, 'POST', '/payment/cart/remove')[0]!.body).toEqual({
      custNo: 'C100',
      currencyCode: 'USD',
      invNo: ['B'],
    });
    await waitFor(() => expect(rowIds()).toEqual(['cart-row-A']));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$80.00');
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'));
  });

  it('removes the selected lines, and empties the cart after confirmation', async () => {
    const calls = cartApi([line('A', '100.00'), line('B', '50.00'), line('C', '5.00')]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    await screen.findByTestId('cart-row-C');

    await user.click(screen.getByTestId('cart-select-A'));
    await user.click(screen.getByTestId('cart-select-C'));
    await user.click(screen.getByTestId('cart-remove-selected'));
    expect(await screen.findByText('Are you sure you want to remove these 2 invoices?')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-remove'));
    await waitFor(() => expect(rowIds()).toEqual(['cart-row-B']));
    expect((byPath(calls, 'POST', '/payment/cart/remove')[0]!.body as { invNo: string[] }).invNo).toEqual([
      'A',
      'C',
    ]);

    await user.click(screen.getByTestId('cart-empty'));
    await user.click(await screen.findByTestId('confirm-empty'));
    await screen.findByTestId('cart-empty-state');
    const deletes = byPath(calls, 'DELETE', '/payment/cart');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.query.get('custNo')).toBe('C100');
    expect(deletes[0]!.query.get('currencyCode')).toBe('USD');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.00');
  });

  it('offers the configured methods, e-check for US dollars only, enabled while the total is above 0', async () => {
    cartApi([line('A', '100.00')]);
    renderApp({ route: '/paymentCart', userData: buildUserData({ roles: [...ALL_PRIVILEGES] }) });
    await screen.findByTestId('cart-row-A');
    for (const method of ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK']) {
      const button = await screen.findByTestId(`pay-${method}`);
      expect(button).not.toHaveAttribute('aria-disabled');
    }
  });

  it('a selected saved profile disables the hosted card buttons and the other types; an expired card cannot be chosen', async () => {
    const card: TPaymentProfile = {
      id: 7,
      profileType: 'CREDIT_CARD',
      achEnabled: 0,
      aliasName: 'Office',
      custNo: 'C100',
      cardType: 'Visa',
      lastDigits: '4242',
      cardHolderName: 'Grace Hopper',
      expirationDateStr: '12 / 2030',
      expirationDate: '2030-12-31',
      expired: false,
      accountNum: null,
      routingNum: null,
      accountType: null,
      name: null,
    };
    const bank: TPaymentProfile = {
      ...card,
      id: 8,
      profileType: 'ECHECK',
      achEnabled: 1,
      aliasName: 'Payroll',
      cardType: null,
      lastDigits: null,
      expirationDateStr: null,
      expirationDate: null,
      accountNum: '****6789',
      name: 'Acme',
    };
    const old = { ...card, id: 9, aliasName: 'Old', expirationDateStr: '01 / 2025', expired: true };
    cartApi([line('A', '100.00')], { profiles: [card, old, bank] });
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    await screen.findByTestId('cart-row-A');
    await waitFor(() => expect(screen.getByTestId('pay-CREDIT_CARD')).not.toHaveAttribute('aria-disabled'));
    await user.click(await screen.findByRole('button', { name: 'Saved credit cards (2)' }));
    expect(await screen.findByRole('radio', { name: /Old/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Old/ }));
    expect(screen.getByTestId('pay-CREDIT_CARD')).not.toHaveAttribute('aria-disabled');

    await user.click(screen.getByRole('radio', { name: /Office/ }));
    for (const method of ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'])
      expect(screen.getByTestId(`pay-${method}`)).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('pay-profile-selected')).toHaveTextContent(
      'A saved payment method is selected: pay with it, or unselect it to use another method.',
    );
    expect(screen.getByTestId('profile-pay-ECHECK')).toBeDisabled();

    // Unselected: every way to pay is back.
    await user.click(screen.getByRole('radio', { name: /Office/ }));
    for (const method of ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'])
      expect(screen.getByTestId(`pay-${method}`)).not.toHaveAttribute('aria-disabled');

    // A bank account keeps the e-check form but not the hosted card pages.
    await user.click(screen.getByRole('button', { name: /Saved bank accounts? \(1\)/ }));
    await user.click(await screen.findByRole('radio', { name: /Payroll/ }));
    expect(screen.getByTestId('pay-CREDIT_CARD')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('pay-DEBIT_CARD')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('pay-ECHECK')).not.toHaveAttribute('aria-disabled');
  });

  it('lowers a line with a required reason, and refuses an amount above the payable or at 0', async () => {
    cartApi([line('A', '100.00'), line('B', '50.00')]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    const amountA = await screen.findByTestId('cart-amount-A');
    // After the sync, A's payable is the server's 80.00.
    await waitFor(() => expect(amountA).toHaveValue('80.00'));
    await user.clear(amountA);
    await user.type(amountA, '90');
    expect(await screen.findByText('Above 0 and at most $80.00.')).toBeInTheDocument();
    expect(screen.getByTestId('pay-CREDIT_CARD')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('pay-disabled-reason')).toHaveTextContent(
      'Correct the payment amounts marked in the cart to pay.',
    );

    await user.clear(amountA);
    await user.type(amountA, '0');
    expect(screen.getByText('Above 0 and at most $80.00.')).toBeInTheDocument();

    await user.clear(amountA);
    await user.type(amountA, '30.5');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$80.50');
    expect(screen.getByText('Choose a reason for paying less than the balance.')).toBeInTheDocument();
    expect(screen.getByTestId('pay-CREDIT_CARD')).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByTestId('cart-reason-A'));
    await user.click(await screen.findByRole('option', { name: 'Damaged goods' }));
    await waitFor(() => expect(screen.getByTestId('pay-CREDIT_CARD')).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByText('Choose a reason for paying less than the balance.')).not.toBeInTheDocument();
  });

  it('offers no e-check for another currency and speaks French', async () => {
    cartApi([{ ...line('A', '100.00'), currencyCode: 'EUR' }], { currencyCode: 'EUR' });
    renderApp({
      route: '/paymentCart',
      language: 'fr',
      userData: buildUserData({
        roles: [...ALL_PRIVILEGES],
        currencyCode: 'EUR',
        language: 'fr',
        localeForFormatting: 'fr-FR',
      }),
    });
    await screen.findByTestId('cart-row-A');
    expect(screen.getByRole('heading', { name: 'Panier de paiement' })).toBeInTheDocument();
    await screen.findByTestId('pay-CREDIT_CARD');
    expect(screen.queryByTestId('pay-ECHECK')).not.toBeInTheDocument();
    expect(screen.getByTestId('pay-echeck-usd-only')).toHaveTextContent(
      "Le chèque électronique n'est disponible qu'en USD.",
    );
    // After the sync, A's payment is the server's 80.00.
    await waitFor(() =>
      expect(screen.getByTestId('cart-total').textContent?.replace(/\s/g, ' ')).toBe('80,00 €'),
    );
  });
});
