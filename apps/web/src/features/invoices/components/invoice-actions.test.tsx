import type { TInvoiceRow } from '@settle/shared/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, type RecordedCall, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { beta, buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';
import {
  buildInvoiceRow,
  buildListResponse,
  FULL_ROLES,
  gridRoutes,
  shellRoutes,
} from '../testing/invoice-fixtures';

const open = buildInvoiceRow();
const second = buildInvoiceRow({ id: 2, invNo: 'INV-2', tranId: 'T-2' });
const promised = buildInvoiceRow({ id: 3, invNo: 'INV-3', tranId: 'T-3', promise: 'true' });

function actionsApi(extra: StubRoute[] = [], rows: TInvoiceRow[] = [open, second, promised]) {
  return stubApi([
    ...extra,
    ...shellRoutes(),
    ...gridRoutes(),
    { method: 'GET', path: '/invoices', reply: { body: buildListResponse(rows) } },
  ]);
}

const putCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/invoices/promiseUnPromise');

describe('promise to pay', () => {
  it('defaults the follow-up date to the server date and sends it with the invoice', async () => {
    setXsrfCookie('xsrf-1');
    const calls = actionsApi([
      {
        method: 'PUT',
        path: '/invoices/promiseUnPromise',
        reply: { body: { promised: true, invNo: ['INV-1'], nextFollowupDate: '2026-11-22' } },
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await user.click(await screen.findByTestId('row-promise-INV-1'));

    const date = await screen.findByTestId('promise-date');
    expect(date).toHaveTextContent('Nov 22, 2026');
    const listBefore = calls.filter((call) => call.path === '/invoices').length;
    await user.click(screen.getByTestId('promise-confirm'));

    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]!.body).toEqual({
      invNo: ['INV-1'],
      promised: true,
      nextFollowupDate: '2026-11-22',
    });
    expect(putCalls(calls)[0]!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(await screen.findByText('Invoice promised; follow-up on Nov 22, 2026.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('promise-date')).not.toBeInTheDocument());
    // The grid is read again: the row now shows as promised.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/invoices').length).toBeGreaterThan(listBefore),
    );
  });

  it('shows the server refusal in the modal, translated by its code', async () => {
    actionsApi([
      {
        method: 'PUT',
        path: '/invoices/promiseUnPromise',
        reply: {
          status: 400,
          body: errorBody(
            400,
            'PROMISE_DATE_TOO_FAR',
            'The date is too far in the future: choose one within 30 days',
            {
              args: ['30'],
            },
          ),
        },
      },
    ]);
    const { user } = renderApp({
      route: '/invoices',
      language: 'fr',
      userData: buildUserData({ roles: FULL_ROLES, language: 'fr', localeForFormatting: 'fr-FR' }),
    });
    await user.click(await screen.findByTestId('row-promise-INV-1'));
    expect(await screen.findByTestId('promise-date')).toHaveTextContent('22 nov. 2026');
    await user.click(screen.getByTestId('promise-confirm'));
    expect(await screen.findByTestId('promise-error')).toHaveTextContent(
      'La date est trop éloignée : choisissez-en une dans les 30 jours',
    );
    expect(screen.getByTestId('promise-date')).toBeInTheDocument();
  });

  it('promises the selected invoices and leaves out the ones the rules refuse', async () => {
    const calls = actionsApi([
      {
        method: 'PUT',
        path: '/invoices/promiseUnPromise',
        reply: { body: { promised: true, invNo: ['INV-1', 'INV-2'], nextFollowupDate: '2026-11-22' } },
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    await user.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('3 selected');
    await user.click(screen.getByTestId('toolbar-promise'));

    expect(await screen.findByTestId('promise-skipped')).toHaveTextContent('INV-3 cannot be promised');
    await user.click(screen.getByTestId('promise-confirm'));
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]!.body).toMatchObject({ invNo: ['INV-1', 'INV-2'], promised: true });
    await waitFor(() => expect(screen.getByTestId('selection-count')).toHaveTextContent('0 selected'));
  });

  it('asks before removing a promise, then sends promised false', async () => {
    const calls = actionsApi([
      {
        method: 'PUT',
        path: '/invoices/promiseUnPromise',
        reply: { body: { promised: false, invNo: ['INV-3'], nextFollowupDate: null } },
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await user.click(await screen.findByTestId('row-remove-promise-INV-3'));

    expect(await screen.findByTestId('remove-promise-question')).toHaveTextContent(
      'Remove the promise to pay invoice INV-3?',
    );
    expect(putCalls(calls)).toHaveLength(0);
    await user.click(screen.getByTestId('remove-promise-confirm'));
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]!.body).toEqual({ invNo: ['INV-3'], promised: false });
    expect(await screen.findByText('Promise removed.')).toBeInTheDocument();
  });
});

describe('add to cart and printing', () => {
  it('adds a row to the cart, tells what was not added and updates the cart count', async () => {
    let cartCount = 0;
    const calls = actionsApi([
      {
        method: 'GET',
        path: '/payment/cart',
        reply: () => ({
          body: {
            custNo: 'C100',
            currencyCode: 'USD',
            paymentCartName: 'C100-PaymentCart-USD',
            payments: [],
            paymentSummary: { nbrOfInvoices: cartCount, totalAmount: '0.00' },
          },
        }),
      },
      {
        method: 'POST',
        path: '/payment/cart/add',
        reply: () => {
          cartCount = 1;
          return {
            body: {
              cart: {
                custNo: 'C100',
                currencyCode: 'USD',
                paymentCartName: 'C100-PaymentCart-USD',
                payments: [],
                paymentSummary: { nbrOfInvoices: 1, totalAmount: '1200.50' },
              },
              added: ['INV-1'],
              notAdded: [{ invNo: 'INV-2', tranId: 'T-2', reason: 'The whole balance is disputed.' }],
              message: 'Add to cart is not available for the transaction(s): T-2',
            },
          };
        },
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('0'));

    await user.click(screen.getByTestId('select-row-INV-1'));
    await user.click(screen.getByTestId('select-row-INV-2'));
    await user.click(screen.getByTestId('toolbar-add-to-cart'));

    await waitFor(() => expect(calls.some((call) => call.path === '/payment/cart/add')).toBe(true));
    expect(calls.find((call) => call.path === '/payment/cart/add')!.body).toEqual({
      custNo: 'C100',
      currencyCode: 'USD',
      invNo: ['INV-1', 'INV-2'],
    });
    expect(
      await screen.findByText('Add to cart is not available for the transaction(s): T-2'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('cart-not-added')).toHaveTextContent('T-2: The whole balance is disputed.');
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('1'));
  });

  it('prints the selected invoices: the viewer opens and asks for both, with their status', async () => {
    // Drawing the document is the viewer's own test: here the server has no document to send.
    const calls = actionsApi([
      {
        method: 'GET',
        path: '/gateway/downloadLinkedContent',
        reply: { status: 404, body: errorBody(404, 'INVOICE_NOT_FOUND', 'Invoice not found') },
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    await user.click(screen.getByTestId('select-row-INV-1'));
    await user.click(screen.getByTestId('select-row-INV-2'));
    await user.click(screen.getByTestId('toolbar-print'));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/gateway/downloadLinkedContent')).toBe(true),
    );
    const documentCall = calls.find((call) => call.path === '/gateway/downloadLinkedContent')!;
    const query = documentCall.query;
    expect(query.get('invStatus')).toBe('O');
    expect(query.getAll('invNo')).toEqual(['INV-1', 'INV-2']);
  });

  it('reloads the grid and clears the selection when the account changes', async () => {
    const calls = actionsApi([
      {
        method: 'PUT',
        path: '/user/currenctCust/C200',
        reply: { body: { currentCustNo: 'C200', currentCustomer: beta, currencyCode: 'CAD' } },
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    await user.click(screen.getByTestId('select-row-INV-1'));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 selected');

    await user.click(screen.getByTestId('account-select'));
    await user.click(screen.getByRole('option', { name: 'Beta Industries (C200)' }));

    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === '/invoices')
          .at(-1)
          ?.query.get('custNo'),
      ).toBe('C200'),
    );
    expect(
      calls
        .filter((call) => call.path === '/invoices')
        .at(-1)
        ?.query.get('currencyCode'),
    ).toBe('CAD');
    expect(screen.getByTestId('selection-count')).toHaveTextContent('0 selected');
    expect(
      within(screen.getByTestId('selection-toolbar')).queryByTestId('selection-clear'),
    ).not.toBeInTheDocument();
  });
});

describe('an invoice with a payment in progress', () => {
  it('shows the mark and disables its promise, dispute and add-to-cart actions with the reason', async () => {
    const pending = buildInvoiceRow({ id: 4, invNo: 'INV-4', tranId: 'T-4', paymentPending: 'true' });
    actionsApi([], [open, pending]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    const row = await screen.findByTestId('invoice-row-INV-4');
    expect(within(row).getByTitle('A payment is in progress')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('invoice-row-INV-1')).queryByTitle('A payment is in progress'),
    ).toBeNull();
    for (const action of ['promise', 'dispute', 'add-to-cart']) {
      expect(screen.getByTestId(`row-${action}-INV-4`), action).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByTestId(`row-${action}-INV-1`), action).not.toHaveAttribute('aria-disabled');
    }
    await user.hover(screen.getByTestId('row-add-to-cart-INV-4'));
    // The visible tooltip gives the reason (the button's description carries the same words for screen readers).
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'A payment is in progress for this invoice.',
    );
  });
});
