import type { TAging, TPromisesDue, TWidget, TWidgetType } from '@settle/shared/dashboard';
import type { TInvoiceOverdueSummary } from '@settle/shared/invoices';
import { FULL_ACCESS_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDisputeListResponse, buildDisputeRow } from '../../features/disputes/testing/dispute-fixtures';
import {
  buildPaymentLogList,
  buildPaymentLogRow,
} from '../../features/payment-logs/testing/payment-log-fixtures';
import { type StubRoute, stubApi } from '../../testing/fetch-stub';
import { buildSummary, buildUserData } from '../../testing/fixtures';
import { renderComponent } from '../../testing/render';
import { WIDGET_REGISTRY } from './widget-registry';

const failure = { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' } };

function renderWidget(
  type: TWidgetType,
  routes: StubRoute[],
  roles: readonly string[] = FULL_ACCESS_PRIVILEGES,
) {
  const definition = WIDGET_REGISTRY[type];
  if (!definition) throw new Error(`no widget ${type}`);
  const widget: TWidget = { id: type, type, title: '', config: {}, refreshInterval: 0 };
  const calls = stubApi(routes);
  const rendered = renderComponent(<definition.Component widget={widget} refetchInterval={false} />, {
    userData: buildUserData({ roles: [...roles] }),
  });
  return { ...rendered, calls };
}

const aging = (amounts: string[]): TAging => ({
  custNo: 'C100',
  currencyCode: 'USD',
  asOf: '2026-11-22',
  buckets: (['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const).map((bucket, index) => ({
    bucket,
    count: amounts[index] === '0.00' ? 0 : 1,
    amount: amounts[index] ?? '0.00',
  })),
  total: '0.00',
});

const due = (invoices: TInvoiceOverdueSummary['invoices']): TInvoiceOverdueSummary => ({
  custNo: 'C100',
  currencyCode: 'USD',
  asOf: '2026-11-22',
  overdueCount: 1,
  overdueBalance: '100.00',
  comingDueCount: 1,
  comingDueBalance: '50.00',
  invoices,
});

const dueRow = (invNo: string, overrides: Partial<TInvoiceOverdueSummary['invoices'][number]> = {}) => ({
  id: Number(invNo.replace(/\D/g, '')),
  custNo: 'C100',
  accountName: 'Acme Corp',
  invNo,
  tranId: `T-${invNo}`,
  invoiceDate: '2026-10-01',
  dueDate: '2026-11-01',
  tranCurrencyCode: 'USD',
  tranBal: '100.00',
  balance: '100.00',
  disputeAmount: '0.00',
  paymentPending: false,
  paidAmount: '0.00',
  promiseAmount: '0.00',
  promise: false,
  inCart: false,
  overdueStatus: 'P' as const,
  ...overrides,
});

/** Each widget's data call, an empty answer, and the test id prefix of its states. */
const cases: Array<{
  type: TWidgetType;
  method?: string;
  path: string;
  empty: unknown;
  prefix: string;
  emptyText: string;
}> = [
  {
    type: 'aging',
    path: '/dashboard/aging',
    empty: aging(['0.00', '0.00', '0.00', '0.00', '0.00']),
    prefix: 'aging',
    emptyText: 'No open items.',
  },
  {
    type: 'promisesDue',
    path: '/dashboard/promisesDue',
    empty: { asOf: '2026-11-22', items: [] } satisfies TPromisesDue,
    prefix: 'promises',
    emptyText: 'No promised invoices.',
  },
  {
    type: 'dueInvoices',
    path: '/invoices/overdue',
    empty: due([]),
    prefix: 'due',
    emptyText: 'Nothing is overdue or coming due.',
  },
  {
    type: 'myDisputes',
    path: '/disputes',
    empty: buildDisputeListResponse([]),
    prefix: 'disputes',
    emptyText: 'You have no disputes.',
  },
  {
    type: 'recentPayments',
    path: '/payment/logs',
    empty: buildPaymentLogList([]),
    prefix: 'recent-payments',
    emptyText: 'No payments yet.',
  },
];

describe('dashboard widgets', () => {
  for (const { type, path, empty, prefix, emptyText } of cases) {
    describe(type, () => {
      it('shows its loading state, then its empty state', async () => {
        let answer: () => void = () => undefined;
        renderWidget(type, [
          {
            method: 'GET',
            path,
            reply: () => new Promise((resolve) => (answer = () => resolve({ body: empty }))),
          },
          { method: 'GET', path: '/dispute/reasonCodes', reply: { body: [] } },
        ]);
        expect(await screen.findByTestId(`${prefix}-loading`)).toHaveAttribute('aria-busy', 'true');
        answer();
        expect(await screen.findByTestId(`${prefix}-empty`)).toHaveTextContent(emptyText);
      });

      it('shows a failure in the widget only, and retries', async () => {
        let fail = true;
        const { user, calls } = renderWidget(type, [
          { method: 'GET', path, reply: () => (fail ? failure : { body: empty }) },
          { method: 'GET', path: '/dispute/reasonCodes', reply: { body: [] } },
        ]);
        const alert = await screen.findByTestId(`${prefix}-error`);
        expect(alert).toHaveTextContent('This widget could not be loaded.');
        fail = false;
        await user.click(within(alert).getByRole('button', { name: 'Retry' }));
        expect(await screen.findByTestId(`${prefix}-empty`)).toBeInTheDocument();
        expect(calls.filter((call) => call.path === path).length).toBe(2);
      });
    });
  }

  it('aging: a row per bucket with its amount and count, the bar beside it, and the total', async () => {
    renderWidget('aging', [
      {
        method: 'GET',
        path: '/dashboard/aging',
        reply: { body: { ...aging(['110.00', '50.00', '0.00', '110.00', '-5.00']), total: '265.00' } },
      },
    ]);
    const table = await screen.findByTestId('aging-table');
    expect(within(table).getByRole('rowheader', { name: 'Current' })).toBeInTheDocument();
    expect(screen.getByTestId('aging-days1to30')).toHaveTextContent('1–30$50.001');
    expect(screen.getByTestId('aging-over90')).toHaveTextContent('-$5.00');
    expect(screen.getByTestId('aging-total')).toHaveTextContent('$265.00');
    // The bars are pictures of the figures beside them: hidden from screen readers.
    expect(screen.getByTestId('aging-current').querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('due invoices: overdue and coming due marked, one added to the cart, all the rest with "add all"', async () => {
    const { user, calls } = renderWidget('dueInvoices', [
      {
        method: 'GET',
        path: '/invoices/overdue',
        reply: {
          body: due([
            dueRow('INV-1'),
            dueRow('INV-2', { overdueStatus: 'C', dueDate: '2026-12-01' }),
            dueRow('INV-3', { inCart: true }),
            dueRow('INV-4', { disputeAmount: '100.00' }),
          ]),
        },
      },
      {
        method: 'POST',
        path: '/payment/cart/add',
        reply: {
          body: {
            added: ['INV-1'],
            notAdded: [],
            message: null,
            cart: {
              custNo: 'C100',
              currencyCode: 'USD',
              paymentCartName: 'C100-PaymentCart-USD',
              payments: [],
              paymentSummary: { nbrOfInvoices: 1, totalAmount: '100.00' },
            },
          },
        },
      },
    ]);
    expect(await screen.findByTestId('due-row-INV-1')).toHaveAttribute('data-overdue-status', 'P');
    expect(screen.getByTestId('due-row-INV-1')).toHaveTextContent('Overdue');
    expect(screen.getByTestId('due-row-INV-2')).toHaveTextContent('Coming due');
    expect(screen.getByTestId('due-row-INV-3')).toHaveTextContent('In cart');
    // Fully disputed: the cart rules refuse it, so its button is off.
    expect(screen.getByTestId('due-add-INV-4')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add INV-1 to the cart' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/payment/cart/add')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/payment/cart/add')?.body).toEqual({
      custNo: 'C100',
      currencyCode: 'USD',
      invNo: ['INV-1'],
    });

    await waitFor(() => expect(screen.getByTestId('due-add-all')).toBeEnabled());
    await user.click(screen.getByTestId('due-add-all'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/payment/cart/add')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/payment/cart/add')[1]?.body).toMatchObject({
      invNo: ['INV-1', 'INV-2', 'INV-4'],
    });
  });

  it('due invoices: no cart buttons without ALLOW_PAY', async () => {
    renderWidget(
      'dueInvoices',
      [{ method: 'GET', path: '/invoices/overdue', reply: { body: due([dueRow('INV-1')]) } }],
      [Privilege.ALLOW_PROB_VIEW],
    );
    await screen.findByTestId('due-row-INV-1');
    expect(screen.queryByTestId('due-add-INV-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('due-add-all')).not.toBeInTheDocument();
  });

  it('my disputes: the reason is a dropdown with ALLOW_PROB, text without it; the notes in a tooltip', async () => {
    const rows = [
      buildDisputeRow({
        disputeNoteList: [{ note: 'Called the buyer', enteredOn: '2026-11-20', enteredBy: 'jdoe' }],
      }),
    ];
    const routes: StubRoute[] = [
      { method: 'GET', path: '/disputes', reply: { body: buildDisputeListResponse(rows) } },
      {
        method: 'GET',
        path: '/dispute/reasonCodes',
        reply: {
          body: [
            { code: 'DAMAGED', description: 'Damaged goods' },
            { code: 'PRICE', description: 'Price' },
          ],
        },
      },
    ];
    const { unmount } = renderWidget('myDisputes', routes);
    const row = await screen.findByTestId('disputes-widget-row-7');
    expect(row).toHaveTextContent('INV-1');
    expect(row).toHaveTextContent('Identified');
    expect(await screen.findByTestId('disputes-widget-reason-7')).toHaveAccessibleName('Reason of dispute 7');
    expect(screen.getByTestId('dispute-notes-7')).toBeInTheDocument();
    unmount();

    renderWidget('myDisputes', routes, [Privilege.ALLOW_PROB_VIEW]);
    const readOnly = await screen.findByTestId('disputes-widget-row-7');
    expect(readOnly).toHaveTextContent('Damaged goods');
    expect(screen.queryByTestId('disputes-widget-reason-7')).not.toBeInTheDocument();
  });

  it('recent payments: the latest five of the log, newest first, with status and total', async () => {
    const { calls } = renderWidget('recentPayments', [
      {
        method: 'GET',
        path: '/payment/logs',
        reply: {
          body: buildPaymentLogList([
            buildPaymentLogRow({ paymentLogId: 9, total: '1230.00' }),
            buildPaymentLogRow({ paymentLogId: 8, status: 'FAILURE', total: '15.50' }),
          ]),
        },
      },
    ]);
    expect(await screen.findByTestId('recent-payment-9')).toHaveTextContent('Successful');
    expect(screen.getByTestId('recent-payment-9')).toHaveTextContent('$1,230.00');
    expect(screen.getByTestId('recent-payment-8')).toHaveTextContent('Failed');
    expect(screen.getByTestId('recent-payment-8')).toHaveTextContent('$15.50');
    expect(screen.getByRole('link', { name: 'All payments' })).toHaveAttribute('href', '/payments');
    const query = calls.find((call) => call.path === '/payment/logs')?.query;
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      pageSize: '5',
      sort: 'createdAt',
      dir: 'desc',
      custNo: 'C100',
    });
  });

  it('customer summary: the open balance alone with ALLOW_BAL_DISP_ONLY', async () => {
    const routes: StubRoute[] = [
      { method: 'GET', path: '/dashboard/custSummary', reply: { body: buildSummary() } },
    ];
    const { unmount } = renderWidget('customerSummary', routes);
    expect(await screen.findByTestId('summary-overdue')).toBeInTheDocument();
    unmount();
    renderWidget('customerSummary', routes, [Privilege.ALLOW_BAL_DISP_ONLY]);
    expect(await screen.findByTestId('summary-open-amount')).toHaveTextContent('$1,234.50');
    expect(screen.queryByTestId('summary-overdue')).not.toBeInTheDocument();
  });
});
