import { ALL_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type RecordedCall, stubApi } from '../../testing/fetch-stub';
import { acme, beta, buildUserData, gamma } from '../../testing/fixtures';
import {
  buildPaymentConfig,
  buildPaymentResult,
  buildProviderSettings,
} from '../../testing/payment-fixtures';
import { renderApp } from '../../testing/render';

function onAccountApi(config = buildPaymentConfig()) {
  return stubApi([
    { method: 'GET', path: '/invoices/associationAccounts', reply: { body: [acme, beta, gamma] } },
    { method: 'GET', path: '/payment/cart', reply: { status: 404, body: {} } },
    { method: 'GET', path: '/payment/config/on_account/USD', reply: { body: config } },
    { method: 'GET', path: '/payment/profiles', reply: { body: [] } },
    {
      method: 'GET',
      path: '/payment/provider/on_account/ECHECK/USD',
      reply: (call) => ({
        body: buildProviderSettings({ amount: call.query.get('amount') ?? '0', localProcessing: true }),
      }),
    },
    {
      method: 'POST',
      path: '/payment/makePaymentOnAccount/ECHECK',
      reply: { body: buildPaymentResult({ status: 'SUCCESS', serviceURL: null, paymentLogId: null }) },
    },
  ]);
}

const enabled = (testId: string) => !screen.getByTestId(testId).hasAttribute('aria-disabled');

describe('on-account payment', () => {
  it('enables the methods only when the amount is above 0 and the form is valid', async () => {
    onAccountApi(buildPaymentConfig({ contractNumberRequired: true, noteMaxSize: 20 }));
    const { user } = renderApp({
      route: '/onAccountPayment',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    await screen.findByTestId('pay-CREDIT_CARD');
    expect(screen.getByRole('heading', { name: 'On-account payment' })).toBeInTheDocument();
    expect(enabled('pay-CREDIT_CARD')).toBe(false);
    expect(screen.getByTestId('pay-disabled-reason')).toHaveTextContent('Enter a valid amount');

    const amount = screen.getByTestId('on-account-amount');
    await user.type(amount, '0');
    await user.tab();
    expect(screen.getByText('The amount must be greater than 0.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.345');
    expect(screen.getByText('Enter an amount with at most 2 decimals.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250.5');
    // The contract number is required by this configuration.
    expect(enabled('pay-CREDIT_CARD')).toBe(false);
    await user.type(screen.getByTestId('on-account-contract'), 'K-77');
    await waitFor(() => expect(enabled('pay-CREDIT_CARD')).toBe(true));
    expect(enabled('pay-DEBIT_CARD')).toBe(true);
    expect(enabled('pay-ECHECK')).toBe(true);

    // The note is cut at the configured size, with its counter.
    await user.type(screen.getByTestId('on-account-note'), 'x'.repeat(25));
    expect(screen.getByTestId('on-account-note')).toHaveValue('x'.repeat(20));
    expect(screen.getByText('20 of 20 characters')).toBeInTheDocument();
  });

  it('pays by local e-check with amount, note and contract number, in French with a comma', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: RecordedCall[] = onAccountApi();
    const { user } = renderApp({
      route: '/onAccountPayment',
      language: 'fr',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES], language: 'fr', localeForFormatting: 'fr-FR' }),
    });
    await user.type(await screen.findByTestId('on-account-amount'), '99,90');
    await user.type(screen.getByTestId('on-account-note'), 'Acompte commande 12');
    const pay = screen.getByTestId('pay-ECHECK');
    await waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
    await user.click(pay);
    await user.click(await screen.findByTestId('summary-continue'));
    await user.type(await screen.findByTestId('echeck-name'), 'Acme');
    await user.click(screen.getByTestId('echeck-type-Savings'));
    await user.type(screen.getByTestId('echeck-routing'), '021000021');
    await user.type(screen.getByTestId('echeck-account'), '987654321');
    await user.click(screen.getByTestId('echeck-submit'));
    await screen.findByTestId('receipt-dialog', {}, { timeout: 5000 });
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Paiement réussi');
    const [payment] = calls.filter((call) => call.path === '/payment/makePaymentOnAccount/ECHECK');
    expect(payment!.headers.get('idempotency-key')).toBeTruthy();
    expect(payment!.body).toEqual({
      custNo: 'C100',
      currency: 'USD',
      amount: '99.90',
      note: 'Acompte commande 12',
      contractNumber: '',
      paymentAccount: {
        name: 'Acme',
        accountType: 'Savings',
        routingNumber: '021000021',
        accountNumber: '987654321',
        checkNumber: '',
        saveAsProfile: false,
      },
    });
  });

  it('is offered in the navigation only to users who may pay', async () => {
    stubApi([{ method: 'GET', path: '/invoices/associationAccounts', reply: { body: [acme, beta, gamma] } }]);
    renderApp({ route: '/notThere', userData: buildUserData({ roles: [Privilege.ALLOW_PROB_VIEW] }) });
    await screen.findByTestId('nav-home');
    expect(screen.queryByTestId('nav-on-account')).not.toBeInTheDocument();
  });
});
