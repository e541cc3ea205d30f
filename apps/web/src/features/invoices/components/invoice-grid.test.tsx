import type { TInvoiceRow } from '@settle/shared/invoices';
import { Privilege } from '@settle/shared/privileges';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLUMN_SAVE_DELAY_MS } from '../../../components/grid/use-column-layout';
import { controlTimers } from '../../../testing/controlled-timers';
import { errorBody, type RecordedCall, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import {
  buildColumnPreferences,
  buildInvoiceRow,
  buildListResponse,
  FULL_ROLES,
  gridRoutes,
  LIMITED_ROLES,
  NO_CREDIT_ROLES,
  shellRoutes,
  totalsOf,
} from '../testing/invoice-fixtures';

const open = buildInvoiceRow();
const credit = buildInvoiceRow({
  id: 2,
  invNo: 'CR-9',
  tranId: 'T-9',
  amount: '-75.25',
  balance: '-75.25',
  paidAmount: '0.00',
});
const promised = buildInvoiceRow({
  id: 3,
  invNo: 'INV-3',
  tranId: 'T-3',
  promise: 'true',
  nextFollowupDate: '2026-12-01',
});
const inCart = buildInvoiceRow({
  id: 4,
  invNo: 'INV-4',
  tranId: 'T-4',
  inCart: true,
  disputeAmount: '100.00',
});

function gridApi(options: { rows?: TInvoiceRow[]; columns?: StubRoute['reply']; extra?: StubRoute[] } = {}) {
  const rows = options.rows ?? [open, credit, promised, inCart];
  return stubApi([
    ...(options.extra ?? []),
    { method: 'GET', path: '/invoices/totals', reply: { body: totalsOf(rows) } },
    ...shellRoutes(),
    ...gridRoutes(options.columns),
    {
      method: 'POST',
      path: '/invoices/columns',
      reply: { body: buildColumnPreferences() },
    },
    {
      method: 'GET',
      path: '/invoices',
      reply: (call) => ({
        body: buildListResponse(rows, { status: call.query.get('status') === 'C' ? 'C' : 'O' }),
      }),
    },
  ]);
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/invoices');
const saveCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/invoices/columns');
const headers = () =>
  within(screen.getByTestId('invoice-grid'))
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim())
    .filter(Boolean);

describe('InvoiceGrid', () => {
  it('asks for the current account and currency and shows formatted rows with totals', async () => {
    const calls = gridApi();
    renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });

    const row = await screen.findByTestId('invoice-row-INV-1');
    const query = listCalls(calls)[0]!.query;
    expect(Object.fromEntries(query)).toEqual({
      custNo: 'C100',
      currencyCode: 'USD',
      status: 'O',
      page: '1',
      pageSize: '50',
      sort: 'dueDate',
      dir: 'asc',
    });
    expect(row).toHaveTextContent('Oct 1, 2026');
    expect(row).toHaveTextContent('$1,500.00');
    expect(row).toHaveTextContent('No');
    expect(screen.getByTestId('invoice-row-INV-3')).toHaveTextContent('Yes');
    const creditBalance = within(screen.getByTestId('invoice-row-CR-9')).getAllByText('-$75.25');
    expect(creditBalance[0]).toHaveClass(/negative/);
    expect(screen.getByTestId('invoice-link-INV-1')).toHaveAttribute('href', '/detail/O/INV-1');
    expect(screen.getByTestId('total-balance')).toHaveTextContent('$3,526.25');
    expect(screen.getByTestId('total-count')).toHaveTextContent('Total: 4 invoices');
    expect(screen.getByTestId('grid-range')).toHaveTextContent('1–4 of 4 invoices');
    expect(headers()).toEqual([
      'Invoice number',
      'Invoice date',
      'Due date',
      'Amount',
      'Balance',
      'Disputed',
      'Promised',
      'PO number',
      'Actions',
    ]);
    expect(screen.getByTestId('column-header-dueDate')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by a clicked header: ascending, then descending, and saves the choice', async () => {
    const calls = gridApi();
    renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    // The save waits for a quiet time: on the test's clock, both clicks fall within it. (No
    // waitFor until release(): Testing Library's waitFor needs the real setTimeout.)
    const { user, advance, release } = controlTimers();

    await user.click(screen.getByTestId('sort-amount'));
    expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('amount');
    expect(listCalls(calls).at(-1)?.query.get('dir')).toBe('asc');
    expect(screen.getByTestId('column-header-amount')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByTestId('column-header-dueDate')).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByTestId('sort-amount'));
    expect(listCalls(calls).at(-1)?.query.get('dir')).toBe('desc');
    expect(screen.getByTestId('column-header-amount')).toHaveAttribute('aria-sort', 'descending');

    // Debounced: nothing saved within the quiet time, then one save with the final sort.
    advance(COLUMN_SAVE_DELAY_MS - 1);
    expect(saveCalls(calls)).toHaveLength(0);
    advance(1);
    release();
    await waitFor(() => expect(saveCalls(calls)).toHaveLength(1));
    const saves = saveCalls(calls);
    const sorts = (
      saves[0]!.body as { allColumnPreference: Array<{ field: string; sort: string | null }> }
    ).allColumnPreference.filter((entry) => entry.sort !== null);
    expect(sorts).toEqual([expect.objectContaining({ field: 'amount', sort: 'desc' })]);
  });

  it('starts from the saved sort', async () => {
    const calls = gridApi({
      columns: { body: buildColumnPreferences({ sort: { field: 'balance', dir: 'desc' } }) },
    });
    renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    expect(listCalls(calls)).toHaveLength(1);
    expect(listCalls(calls)[0]!.query.get('sort')).toBe('balance');
    expect(listCalls(calls)[0]!.query.get('dir')).toBe('desc');
  });

  it('hides a column from the Columns menu and saves the shown columns with their widths', async () => {
    const calls = gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    expect(headers()).toContain('PO number');

    await user.click(screen.getByTestId('columns-menu'));
    await user.click(screen.getByTestId('column-toggle-poNumber'));

    expect(headers()).not.toContain('PO number');
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'POST' && call.path === '/invoices/columns'),
      ).toHaveLength(1),
    );
    const body = calls.find((call) => call.method === 'POST')!.body as {
      displayColumnPreference: Array<{ field: string; width: number }>;
    };
    expect(body.displayColumnPreference).toEqual([
      { colId: 'invNo', field: 'invNo', title: 'Invoice number', dataType: 'string', width: 260 },
      { colId: 'invoiceDate', field: 'invoiceDate', title: 'Invoice date', dataType: 'date', width: 120 },
      { colId: 'dueDate', field: 'dueDate', title: 'Due date', dataType: 'date', width: 120 },
      { colId: 'amount', field: 'amount', title: 'Amount', dataType: 'currency', width: 130 },
      { colId: 'balance', field: 'balance', title: 'Balance', dataType: 'currency', width: 130 },
      { colId: 'disputeAmount', field: 'disputeAmount', title: 'Disputed', dataType: 'currency', width: 120 },
      { colId: 'promise', field: 'promise', title: 'Promised', dataType: 'boolean', width: 90 },
    ]);
  });

  it('moves a column right and resizes one with the keyboard, never below 40 px', async () => {
    const calls = gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');

    await user.click(screen.getByTestId('columns-menu'));
    await user.click(screen.getByTestId('column-right-invNo'));
    expect(headers().slice(0, 2)).toEqual(['Invoice date', 'Invoice number']);

    const handle = screen.getByTestId('resize-promise');
    handle.focus();
    for (let step = 0; step < 8; step += 1) await user.keyboard('{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '40');

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as {
      displayColumnPreference: Array<{ field: string; width: number }>;
    };
    expect(body.displayColumnPreference.slice(0, 2).map((entry) => entry.field)).toEqual([
      'invoiceDate',
      'invNo',
    ]);
    expect(body.displayColumnPreference.find((entry) => entry.field === 'promise')?.width).toBe(40);
  });

  it("says 'Could not load data' once when the columns cannot be loaded, and loads them on Retry", async () => {
    let failing = true;
    gridApi({
      columns: () =>
        failing
          ? { status: 500, body: errorBody(500, 'INTERNAL_ERROR', 'nope') }
          : { body: buildColumnPreferences() },
    });
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    const alert = await screen.findByTestId('grid-load-failed');
    expect(alert).toHaveTextContent('Could not load data');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('invoice-row-INV-1');
  });

  it('shows one message with Retry and no pager when the list fails, and loads again on Retry', async () => {
    let failing = true;
    stubApi([
      ...shellRoutes(),
      ...gridRoutes(),
      {
        method: 'GET',
        path: '/invoices',
        reply: () =>
          failing
            ? { status: 500, body: errorBody(500, 'INTERNAL_ERROR', 'boom') }
            : { body: buildListResponse([open]) },
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    const alert = await screen.findByTestId('grid-error');
    expect(alert).toHaveTextContent('Could not load data');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByTestId('invoice-grid')).not.toBeInTheDocument();
    expect(screen.getByTestId('grid-pager')).not.toBeVisible();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('invoice-row-INV-1');
    expect(screen.queryByTestId('grid-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('grid-pager')).toBeVisible();
  });

  it('shows every row button to a user with every privilege', async () => {
    gridApi();
    renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    expect(screen.getByTestId('row-dispute-INV-1')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('row-promise-INV-1')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('row-print-INV-1')).toBeInTheDocument();
    expect(screen.getByTestId('row-add-to-cart-INV-1')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('row-add-to-cart-CR-9')).not.toHaveAttribute('aria-disabled');
    // A promised invoice offers removal instead, and no dispute.
    expect(screen.queryByTestId('row-promise-INV-3')).not.toBeInTheDocument();
    expect(screen.getByTestId('row-remove-promise-INV-3')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('row-dispute-INV-3')).toHaveAttribute('aria-disabled', 'true');
  });

  it('disables add to cart of a credit without the credit-adjustment privilege, with the reason as tooltip', async () => {
    gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: NO_CREDIT_ROLES }) });
    const button = await screen.findByTestId('row-add-to-cart-CR-9');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('row-add-to-cart-INV-1')).not.toHaveAttribute('aria-disabled');

    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'No permission provided for credit adjustment.',
    );
  });

  it('disables promise of an invoice in the cart and says why', async () => {
    gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    const button = await screen.findByTestId('row-promise-INV-4');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('row-add-to-cart-INV-4')).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The invoice is in the payment cart.');
  });

  it('shows a limited user the cart, promise and dispute actions disabled, with the reason', async () => {
    gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: LIMITED_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    expect(screen.getByTestId('row-print-INV-1')).not.toHaveAttribute('aria-disabled');
    for (const testId of ['row-add-to-cart-INV-1', 'row-promise-INV-1', 'row-dispute-INV-1']) {
      expect(screen.getByTestId(testId)).toHaveAttribute('aria-disabled', 'true');
    }
    // Not a link: a disabled dispute goes nowhere.
    expect(screen.getByTestId('row-dispute-INV-1')).not.toHaveAttribute('href');
    await user.hover(screen.getByTestId('row-add-to-cart-INV-1'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You do not have permission for this action.',
    );
  });

  it('refuses to dispute a credit as a credit, not as an invoice without balance', async () => {
    gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    const button = await screen.findByTestId('row-dispute-CR-9');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('A credit cannot be disputed.');
  });

  it('marks overdue, coming-due, credit, promised and disputed rows in words, measured from the server date', async () => {
    const comingDue = buildInvoiceRow({ id: 5, invNo: 'INV-5', tranId: 'T-5', dueDate: '2026-11-27' });
    const later = buildInvoiceRow({ id: 6, invNo: 'INV-6', tranId: 'T-6', dueDate: '2027-02-01' });
    gridApi({ rows: [open, credit, promised, inCart, comingDue, later] });
    renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    const marksOf = async (invNo: string) => {
      const row = await screen.findByTestId(`invoice-row-${invNo}`);
      await waitFor(() => expect(within(row).queryByTestId('invoice-marks')).toBeInTheDocument());
      return within(row)
        .getAllByTitle(/./)
        .filter((element) => element.hasAttribute('data-mark'))
        .map((badge) => badge.getAttribute('title'));
    };
    // The server date of the stub is 2026-11-22; INV-1 was due 2026-10-31.
    expect(await marksOf('INV-1')).toEqual(['Overdue by 22 days']);
    expect(await marksOf('CR-9')).toEqual(['Credit']);
    expect(await marksOf('INV-3')).toEqual(['Overdue by 22 days', 'Promised, follow-up Dec 1, 2026']);
    expect(await marksOf('INV-4')).toEqual(['Overdue by 22 days', 'Disputed']);
    expect(await marksOf('INV-5')).toEqual(['Due in 5 days']);
    // The short words show, the full ones are read out.
    const row = screen.getByTestId('invoice-row-INV-1');
    expect(within(row).getByTestId('invoice-marks')).toHaveTextContent('22 d late');
    expect(
      within(screen.getByTestId('invoice-row-INV-6')).queryByTestId('invoice-marks'),
    ).not.toBeInTheDocument();
  });

  it('makes the selection toolbar look disabled until a row is selected, with the reason as tooltip', async () => {
    gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    for (const testId of [
      'toolbar-promise',
      'toolbar-remove-promise',
      'toolbar-print',
      'toolbar-add-to-cart',
    ]) {
      expect(screen.getByTestId(testId)).toHaveAttribute('aria-disabled', 'true');
    }
    await user.hover(screen.getByTestId('toolbar-print'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Please select Transactions to Include');

    await user.click(screen.getByTestId('select-row-INV-1'));
    for (const testId of [
      'toolbar-promise',
      'toolbar-remove-promise',
      'toolbar-print',
      'toolbar-add-to-cart',
    ]) {
      expect(screen.getByTestId(testId)).not.toHaveAttribute('aria-disabled');
    }
  });

  it('hides the disputed column and total without the dispute-view privilege', async () => {
    gridApi();
    renderApp({
      route: '/invoices',
      userData: buildUserData({ roles: [Privilege.ALLOW_PAY, Privilege.ALLOW_PROMISE_TO_PAY] }),
    });
    await screen.findByTestId('invoice-row-INV-1');
    expect(headers()).not.toContain('Disputed');
    expect(screen.queryByTestId('total-disputeAmount')).not.toBeInTheDocument();
  });

  it('shows closed invoices without promise, dispute or cart actions', async () => {
    const calls = gridApi({ rows: [buildInvoiceRow({ status: 'C', balance: '0.00' })] });
    const { user, router } = renderApp({
      route: '/invoices',
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await screen.findByTestId('invoice-row-INV-1');

    await user.click(screen.getByTestId('status-closed'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('C'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('C');
    await waitFor(() => expect(screen.queryByTestId('row-add-to-cart-INV-1')).not.toBeInTheDocument());
    expect(screen.queryByTestId('row-promise-INV-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('row-dispute-INV-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('row-print-INV-1')).toBeInTheDocument();
    expect(screen.queryByTestId('toolbar-promise')).not.toBeInTheDocument();
  });

  it('does nothing on a bulk action clicked without a selection', async () => {
    const calls = gridApi();
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    await user.click(screen.getByTestId('toolbar-add-to-cart'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Please select Transactions to Include');
    expect(calls.some((call) => call.path === '/payment/cart/add')).toBe(false);
  });

  it('sends the advanced filter from the address in the list query', async () => {
    const calls = gridApi();
    renderApp({
      route: `/invoices?filter=${encodeURIComponent("balance gt 100 and startswith(invNo,'INV')")}`,
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await screen.findByTestId('invoice-row-INV-1');
    expect(listCalls(calls)[0]!.query.get('filter')).toBe("balance gt 100 and startswith(invNo,'INV')");
  });

  it("asks a filtered list's totals beside its page and shows them when they come", async () => {
    const filter = "substringof('PO',poNumber)";
    const calls = gridApi({
      extra: [
        {
          method: 'GET',
          path: '/invoices/totals',
          reply: {
            body: {
              total: 321,
              totals: {
                count: 321,
                amount: '1234.50',
                balance: '1000.00',
                disputeAmount: '0.00',
                paidAmount: '0.00',
              },
            },
          },
        },
      ],
    });
    renderApp({
      route: `/invoices?filter=${encodeURIComponent(filter)}`,
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await screen.findByTestId('invoice-row-INV-1');
    expect(listCalls(calls)[0]!.query.get('totals')).toBe('separate');
    await waitFor(() => expect(screen.getByTestId('grid-range')).toHaveTextContent('1–50 of 321 invoices'));
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$1,234.50');
    const totalsCalls = calls.filter((call) => call.path === '/invoices/totals');
    expect(totalsCalls.map((call) => call.query.get('filter'))).toEqual([filter]);
  });

  it('pages on the server, 50 rows a page', async () => {
    // 120 matching invoices: three pages.
    const calls = stubApi([
      ...shellRoutes(),
      ...gridRoutes(),
      {
        method: 'GET',
        path: '/invoices',
        reply: (call) => ({
          body: buildListResponse([buildInvoiceRow({ invNo: `P${call.query.get('page')}` })], {
            total: 120,
            page: Number(call.query.get('page')),
            nextCursor: `after-${call.query.get('page')}`,
          }),
        }),
      },
    ]);
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-P1');
    expect(screen.getByTestId('grid-range')).toHaveTextContent('1–50 of 120 invoices');
    await user.click(screen.getByTestId('page-next'));
    await screen.findByTestId('invoice-row-P2');
    expect(screen.getByTestId('grid-range')).toHaveTextContent('51–100 of 120 invoices');
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('2');
    expect(listCalls(calls).at(-1)?.query.get('pageSize')).toBe('50');
    // The next page carries the cursor the previous one gave: the server seeks instead of skipping.
    expect(listCalls(calls).at(-1)?.query.get('cursor')).toBe('after-1');
    expect(listCalls(calls)[0]?.query.get('cursor')).toBeNull();
  });
});
