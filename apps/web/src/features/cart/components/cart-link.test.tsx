import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { CartLink } from './cart-link';

describe('CartLink', () => {
  it("shows an ellipsis while loading, then the count of the current customer and currency's cart", async () => {
    let answer: () => void = () => undefined;
    const calls = stubApi([
      {
        method: 'GET',
        path: '/payment/cart',
        reply: () =>
          new Promise((resolve) => {
            answer = () =>
              resolve({
                body: {
                  custNo: 'C100',
                  currencyCode: 'EUR',
                  paymentCartName: 'C100-PaymentCart-EUR',
                  payments: [],
                  paymentSummary: { nbrOfInvoices: 3, totalAmount: '30.00' },
                },
              });
          }),
      },
    ]);
    renderComponent(<CartLink />, { userData: buildUserData({ currencyCode: 'EUR' }) });

    expect(screen.getByTestId('cart-count')).toHaveTextContent('…');
    expect(screen.getByTestId('cart-link')).toHaveAttribute('href', '/paymentCart');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.query.get('custNo')).toBe('C100');
    expect(calls[0]!.query.get('currencyCode')).toBe('EUR');
    answer();
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'));
    expect(screen.getByTestId('cart-link')).toHaveAccessibleName('Payment cart, 3 invoices');
  });
});
