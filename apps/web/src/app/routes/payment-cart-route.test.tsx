import type { TCartLine, TPaymentCart } from '@settle/shared/cart';
import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { ALL_PRIVILEGES } from '@settle/shared/privileges';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, networkDown, type RecordedCall, type StubRoute, stubApi } from '../../testing/fetch-stub';
import { acme, beta, buildUserData, gamma } from '../../testing/fixtures';
import {
  buildPaymentConfig,
  buildPaymentResult,
  buildProviderSettings,
} from '../../testing/payment-fixtures';
import { renderApp } from '../../testing/render';

/** The saved profiles the cart's panels show (none unless a test says otherwise). */
let savedProfiles: TPaymentProfile[] = [];

const LINES: TCartLine[] = [
  {
    invNo: 'A',
    tranId: 'T-A',
    balance: '150.00',
    disputed: '0.00',
    originalAmount: '150.00',
    payment: '150.00',
    custNo: 'C100',
    currencyCode: 'USD',
  },
  {
    invNo: 'B',
    tranId: 'T-B',
    balance: '60.00',
    disputed: '10.00',
    originalAmount: '60.00',
    payment: '50.00',
    custNo: 'C100',
    currencyCode: 'USD',
  },
];

function cart(lines: TCartLine[]): TPaymentCart {
  return {
    custNo: 'C100',
    currencyCode: 'USD',
    paymentCartName: 'C100-PaymentCart-USD',
    payments: lines,
    paymentSummary: { nbrOfInvoices: lines.length, totalAmount: '200.00' },
  };
}

/** The cart screen's calls, plus the payment routes the test gives. */
function paymentApi(extra: StubRoute[]) {
  let lines = [...LINES];
  return stubApi([
    { method: 'GET', path: '/invoices/associationAccounts', reply: { body: [acme, beta, gamma] } },
    { method: 'GET', path: '/payment/cart', reply: () => ({ body: cart(lines) }) },
    {
      method: 'DELETE',
      path: '/payment/cart',
      reply: () => {
        lines = [];
        return { body: cart(lines) };
      },
    },
    {
      method: 'POST',
      path: '/payment/syncPaymentCart/C100',
      reply: () => ({
        body: lines.map(({ invNo, balance, disputed, payment }) => ({ invNo, balance, disputed, payment })),
      }),
    },
    { method: 'GET', path: '/invoices/pricollector/C100', reply: { status: 404, body: {} } },
    {
      method: 'GET',
      path: '/payment/config/cart/USD',
      reply: () => ({ body: buildPaymentConfig({ allowCreditCardProfile: savedProfiles.length > 0 }) }),
    },
    { method: 'GET', path: '/payment/profiles', reply: () => ({ body: savedProfiles }) },
    {
      method: 'POST',
      path: '/payment/validateCart/CREDIT_CARD/USD',
      reply: { body: { valid: true, changed: [] } },
    },
    {
      method: 'GET',
      path: '/payment/provider/cart/CREDIT_CARD/USD',
      reply: (call) => ({
        body: buildProviderSettings({ amount: call.query.get('amount') ?? '0', fees: true }),
      }),
    },
    ...extra,
  ]);
}

const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

async function openCheckout(user: ReturnType<typeof renderApp>['user']) {
  const pay = await screen.findByTestId('pay-CREDIT_CARD');
  await waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
  await user.click(pay);
  await screen.findByTestId('payment-summary');
}

afterEach(() => {
  savedProfiles = [];
});

describe('paying the cart with a saved profile', () => {
  it('one click: validates, pays silently with an Idempotency-Key, empties the cart and shows the receipt', async () => {
    savedProfiles = [
      {
        id: 9,
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
      },
    ];
    const calls = paymentApi([
      {
        method: 'POST',
        path: '/payment/makeSilentPayment/CREDIT_CARD',
        reply: { body: buildPaymentResult({ status: 'SUCCESS', paymentLogId: 43, pollStatus: false }) },
      },
      { method: 'GET', path: '/payment/log/summary/43', reply: { status: 404, body: {} } },
    ]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Saved credit card (1)' }));
    // The panel opens with a transition: its radios are reachable once it has.
    await user.click(await screen.findByRole('radio', { name: /Office/ }));
    const pay = screen.getByTestId('profile-pay-CREDIT_CARD');
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(posts(calls, '/payment/makeSilentPayment/CREDIT_CARD')).toHaveLength(1));
    const [silent] = posts(calls, '/payment/makeSilentPayment/CREDIT_CARD');
    expect(silent!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(silent!.body).toEqual({
      custNo: 'C100',
      currency: 'USD',
      paymentProfile: { id: 9 },
      payments: [
        { invNo: 'A', payment: '150.00' },
        { invNo: 'B', payment: '50.00' },
      ],
    });
    expect(posts(calls, '/payment/validateCart/CREDIT_CARD/USD')).toHaveLength(1);
    await screen.findByTestId('receipt-dialog', {}, { timeout: 10_000 });
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === '/payment/cart')).toHaveLength(1);
  });
});

describe('paying the cart', () => {
  it('validates, shows the fee, starts the checkout with an Idempotency-Key, polls, empties the cart and shows the receipt', async () => {
    // jsdom has no windows to open: the checkout is followed by its polling alone.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = paymentApi([
      { method: 'POST', path: '/payment/hpp/CREDIT_CARD', reply: { body: buildPaymentResult() } },
      {
        method: 'GET',
        path: '/payment/log/pollStatus/ext-1/C100',
        reply: { body: buildPaymentResult({ status: 'SUCCESS', paymentLogId: 42, trackingNo: 'TRK-1' }) },
      },
      {
        method: 'GET',
        path: '/payment/log/summary/42',
        reply: {
          body: {
            paymentLogId: 42,
            extTranRefId: 'ext-1',
            custNo: 'C100',
            currencyCode: 'USD',
            paymentDecision: 'SUCCESS',
            responseText: 'Approved',
            methodType: 'CARD',
            paymentType: 'CREDIT_CARD',
            transactionType: 'INVOICES',
            amount: '200.00',
            convenienceFeeAmount: '5.00',
            totalCharged: '205.00',
            accountMasked: '************4242',
            trackingNo: 'TRK-1',
            authCode: 'AUTH9',
            note: null,
            contractNumber: null,
            createdAt: '2026-11-25T10:00:00Z',
            settledAt: '2026-11-25T10:00:05Z',
            paymentDetailLogViews: [
              { invNo: 'A', amount: '150.00', currCode: 'USD', shortPayReason: null },
              { invNo: 'B', amount: '50.00', currCode: 'USD', shortPayReason: null },
            ],
            history: [
              { at: '2026-11-25T10:00:00Z', event: 'STARTED', detail: null },
              { at: '2026-11-25T10:00:05Z', event: 'SUCCEEDED', detail: null },
            ],
          },
        },
      },
    ]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    await openCheckout(user);

    expect(posts(calls, '/payment/validateCart/CREDIT_CARD/USD')[0]!.body).toEqual({
      custNo: 'C100',
      payments: [
        { invNo: 'A', payment: '150.00' },
        { invNo: 'B', payment: '50.00' },
      ],
    });
    expect(
      calls.find((call) => call.path === '/payment/provider/cart/CREDIT_CARD/USD')!.query.get('amount'),
    ).toBe('200.00');
    expect(screen.getByTestId('summary-fee')).toHaveTextContent('$5.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$205.00');
    expect(posts(calls, '/payment/hpp/CREDIT_CARD')).toHaveLength(0);

    await user.click(screen.getByTestId('summary-continue'));
    await screen.findByTestId('payment-ack');
    // Nothing starts before the user acknowledges the redirect.
    expect(posts(calls, '/payment/hpp/CREDIT_CARD')).toHaveLength(0);
    await user.click(screen.getByTestId('ack-confirm'));
    await screen.findByTestId('payment-waiting');
    const [hpp] = posts(calls, '/payment/hpp/CREDIT_CARD');
    expect(hpp!.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(hpp!.body).toEqual({
      custNo: 'C100',
      currency: 'USD',
      payments: [
        { invNo: 'A', payment: '150.00' },
        { invNo: 'B', payment: '50.00' },
      ],
    });

    const receipt = await screen.findByTestId('receipt-dialog', {}, { timeout: 10_000 });
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === '/payment/cart')).toHaveLength(1);
    expect(within(receipt).getByTestId('receipt-status')).toHaveTextContent('Payment successful');
    await waitFor(() => expect(within(receipt).getByTestId('receipt-total')).toHaveTextContent('$205.00'));
    expect(within(receipt).getByTestId('receipt-account')).toHaveTextContent('************4242');
    expect(within(receipt).getByTestId('receipt-tracking')).toHaveTextContent('TRK-1');
    expect(within(receipt).getByTestId('receipt-line-B')).toHaveTextContent('$50.00');
    expect(within(receipt).getByTestId('receipt-history')).toHaveTextContent('Payment succeeded');
    await screen.findByTestId('cart-empty-state');
  });

  it('sends a lowered line with its reason', async () => {
    const calls = paymentApi([]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    const amountA = await screen.findByTestId('cart-amount-A');
    await user.clear(amountA);
    await user.type(amountA, '100');
    await user.click(screen.getByTestId('cart-reason-A'));
    await user.click(await screen.findByRole('option', { name: 'Pricing difference' }));
    await openCheckout(user);
    expect(posts(calls, '/payment/validateCart/CREDIT_CARD/USD')[0]!.body).toEqual({
      custNo: 'C100',
      payments: [
        { invNo: 'A', payment: '100.00', shortPayReason: 'PRICING' },
        { invNo: 'B', payment: '50.00' },
      ],
    });
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('$150.00');
  });

  it('stops and lists the lines the server found changed', async () => {
    const calls = paymentApi([
      {
        method: 'POST',
        path: '/payment/validateCart/DEBIT_CARD/USD',
        reply: {
          body: {
            valid: false,
            changed: [
              { invNo: 'B', balance: '30.00', disputed: '0.00', payment: '30.00', reason: 'Balance changed' },
            ],
          },
        },
      },
    ]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    const pay = await screen.findByTestId('pay-DEBIT_CARD');
    await waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
    await user.click(pay);
    const dialog = await screen.findByTestId('cart-changed');
    expect(within(dialog).getByTestId('cart-changed-B')).toHaveTextContent('$30.00');
    expect(calls.some((call) => call.path.startsWith('/payment/provider'))).toBe(false);
    expect(calls.some((call) => call.path.startsWith('/payment/hpp'))).toBe(false);
  });

  it('shows the message of a payment already in flight (409) and closes the dialogs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    paymentApi([
      {
        method: 'POST',
        path: '/payment/hpp/CREDIT_CARD',
        reply: {
          status: 409,
          body: errorBody(
            409,
            'PAYMENT_IN_FLIGHT',
            'A payment for these invoices is already in progress. Wait for its result before paying again.',
          ),
        },
      },
    ]);
    const { user } = renderApp({
      route: '/paymentCart',
      language: 'fr',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES], language: 'fr', localeForFormatting: 'fr-FR' }),
    });
    await openCheckout(user);
    await user.click(screen.getByTestId('summary-continue'));
    await user.click(await screen.findByTestId('ack-confirm'));
    expect(
      await screen.findByText(
        'Un paiement pour ces factures est déjà en cours. Attendez son résultat avant de payer à nouveau.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('payment-ack')).not.toBeInTheDocument());
  });

  it('retries a start lost on the network with the same Idempotency-Key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const calls = paymentApi([
      {
        method: 'POST',
        path: '/payment/hpp/CREDIT_CARD',
        reply: () => {
          attempts += 1;
          if (attempts === 1) return networkDown();
          return { body: buildPaymentResult() };
        },
      },
      { method: 'GET', path: '/payment/log/pollStatus/ext-1/C100', reply: { body: buildPaymentResult() } },
    ]);
    const { user } = renderApp({
      route: '/paymentCart',
      userData: buildUserData({ roles: [...ALL_PRIVILEGES] }),
    });
    await openCheckout(user);
    await user.click(screen.getByTestId('summary-continue'));
    await user.click(await screen.findByTestId('ack-confirm'));
    expect(await screen.findByTestId('payment-ack-error')).toHaveTextContent('you will not be charged twice');
    await user.click(screen.getByTestId('ack-confirm'));
    await screen.findByTestId('payment-waiting');
    const keys = posts(calls, '/payment/hpp/CREDIT_CARD').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});
