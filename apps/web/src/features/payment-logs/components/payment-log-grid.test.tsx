import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import {
  buildPaymentLogList,
  buildPaymentLogRow,
  paymentLogScreenRoutes,
} from '../testing/payment-log-fixtures';

function screenApi(): RecordedCall[] {
  return stubApi([
    ...paymentLogScreenRoutes(),
    { method: 'GET', path: '/payment/logs', reply: { body: buildPaymentLogList([buildPaymentLogRow()]) } },
    {
      method: 'GET',
      path: '/payment/log/detail',
      reply: {
        body: {
          paymentLogId: 42,
          extTranRefId: 'T-42',
          custNo: 'C100',
          currencyCode: 'USD',
          paymentDecision: 'SUCCESS',
          responseText: null,
          methodType: 'CARD',
          paymentType: 'CREDIT_CARD',
          transactionType: 'INVOICES',
          amount: '1200.00',
          convenienceFeeAmount: '30.00',
          totalCharged: '1230.00',
          accountMasked: null,
          trackingNo: null,
          authCode: null,
          note: null,
          contractNumber: null,
          createdAt: '2026-11-20T15:30:00.000Z',
          settledAt: null,
          paymentDetailLogViews: [],
          history: [],
        },
      },
    },
  ]);
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path === '/payment/logs')
    .map((call) => Object.fromEntries(call.query));

describe('the payment logs screen', () => {
  it('lists the current customer and currency, all dates, newest first, with translated codes', async () => {
    const calls = screenApi();
    renderApp({ route: '/payments', userData: buildUserData() });
    const row = await screen.findByTestId('payment-log-row-42');
    const cells = Object.fromEntries(
      [...row.querySelectorAll('td[data-field]')].map((cell) => [
        cell.getAttribute('data-field'),
        cell.textContent,
      ]),
    );
    expect(cells).toMatchObject({
      paymentLogId: '42',
      transactionType: 'Invoices',
      methodType: 'Card',
      amount: '$1,200.00',
      total: '$1,230.00',
      status: 'Successful',
    });
    expect(listCalls(calls)[0]).toMatchObject({
      custNo: 'C100',
      currencyCode: 'USD',
      dateRange: 'ALL',
      sort: 'createdAt',
      dir: 'desc',
      page: '1',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
  });

  it('asks for the date range and the customer chosen, from the first page, and keeps them in the address', async () => {
    const calls = screenApi();
    const { user, router } = renderApp({ route: '/payments?page=2', userData: buildUserData() });
    await screen.findByTestId('payment-log-row-42');
    await user.click(screen.getByRole('radio', { name: '31 to 60 days' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ dateRange: 'DAYS_31_60', page: '1' }),
    );
    expect(router.state.location.search).toContain('range=DAYS_31_60');

    await user.click(screen.getByTestId('payment-log-customer'));
    await user.click(await screen.findByRole('option', { name: 'Beta Industries (C200)' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({
        custNo: 'C200',
        currencyCode: 'CAD',
        dateRange: 'DAYS_31_60',
      }),
    );
  });

  it("asks a filtered list's count and sums beside its page and shows them once they come", async () => {
    const filter = "status eq 'SUCCESS'";
    const calls = stubApi([
      ...paymentLogScreenRoutes(),
      {
        method: 'GET',
        path: '/payment/logs/totals',
        reply: {
          body: { total: 120, totals: { count: 120, succeededCount: 120, succeededTotal: '5000.00' } },
        },
      },
      {
        method: 'GET',
        path: '/payment/logs',
        reply: { body: buildPaymentLogList([buildPaymentLogRow()], { total: null, totals: null }) },
      },
    ]);
    renderApp({ route: `/payments?filter=${encodeURIComponent(filter)}`, userData: buildUserData() });
    await screen.findByTestId('payment-log-row-42');
    expect(listCalls(calls)[0]).toMatchObject({ filter, totals: 'separate' });
    await waitFor(() => expect(screen.getByTestId('grid-range')).toHaveTextContent('1–50 of 120 payments'));
    expect(screen.getByTestId('payment-log-succeeded')).toHaveTextContent(
      '120 successful payments: $5,000.00',
    );
    const totalsCalls = calls.filter((call) => call.path === '/payment/logs/totals');
    expect(totalsCalls.map((call) => call.query.get('filter'))).toEqual([filter]);
  });

  it('sends back the cursor the previous page gave, as the invoice grid does', async () => {
    const calls = stubApi([
      ...paymentLogScreenRoutes(),
      {
        method: 'GET',
        path: '/payment/logs',
        reply: (call) => ({
          body: buildPaymentLogList([buildPaymentLogRow({ paymentLogId: Number(call.query.get('page')) })], {
            total: 120,
            page: Number(call.query.get('page')),
            nextCursor: `after-${call.query.get('page')}`,
          }),
        }),
      },
    ]);
    const { user } = renderApp({ route: '/payments', userData: buildUserData() });
    await screen.findByTestId('payment-log-row-1');
    await user.click(screen.getByTestId('page-next'));
    await screen.findByTestId('payment-log-row-2');
    expect(listCalls(calls).at(-1)).toMatchObject({ page: '2', cursor: 'after-1' });
    expect(listCalls(calls)[0]?.cursor).toBeUndefined();
  });

  it('opens the detail dialog of a row', async () => {
    screenApi();
    const { user } = renderApp({ route: '/payments', userData: buildUserData() });
    await user.click(await screen.findByTestId('payment-log-open-42'));
    expect(await screen.findByRole('dialog', { name: 'Payment 42' })).toBeInTheDocument();
    expect(await screen.findByTestId('payment-log-detail-total')).toHaveTextContent('$1,230.00');
  });
});
