import { DISPUTE_COLUMNS, type TDisputeRow } from '@settle/shared/disputes';
import { ALL_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildGridColumnPreferences } from '../../../testing/column-preferences';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { buildDisputeListResponse, buildDisputeRow, disputeGridRoutes } from '../testing/dispute-fixtures';

const FULL = { userData: buildUserData({ roles: [...ALL_PRIVILEGES] }) };
const NO_PROB_VIEW = {
  userData: buildUserData({ roles: ALL_PRIVILEGES.filter((role) => role !== Privilege.ALLOW_PROB_VIEW) }),
};

/** The grid's calls, with `rows` as every page's answer (its total says how many there are). */
function gridApi(rows: TDisputeRow[], total = rows.length): RecordedCall[] {
  return stubApi([
    ...disputeGridRoutes(),
    {
      method: 'POST',
      path: '/dispute/columns',
      reply: { body: buildGridColumnPreferences(DISPUTE_COLUMNS) },
    },
    { method: 'GET', path: '/disputes', reply: { body: buildDisputeListResponse(rows, { total }) } },
  ]);
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path === '/disputes')
    .map((call) => Object.fromEntries(call.query));
const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((header) => header.getAttribute('data-testid'))
    .filter(Boolean);

describe('the dispute grid', () => {
  it("asks a filtered list's count beside its page and pages by it", async () => {
    const filter = "statusCode eq 'U'";
    const totals = { total: 120, totals: { count: 120, originalAmount: '10.00', disputedAmount: '5.00' } };
    const calls = stubApi([
      { method: 'GET', path: '/disputes/totals', reply: { body: totals } },
      ...disputeGridRoutes(),
      { method: 'GET', path: '/disputes', reply: { body: buildDisputeListResponse([buildDisputeRow()]) } },
    ]);
    renderApp({ route: `/disputes?filter=${encodeURIComponent(filter)}`, ...FULL });
    await screen.findByTestId('dispute-row-7');
    expect(listCalls(calls)[0]).toMatchObject({ filter, totals: 'separate' });
    await waitFor(() => expect(screen.getByTestId('grid-range')).toHaveTextContent('1–50 of 120 disputes'));
    const totalsCalls = calls.filter((call) => call.path === '/disputes/totals');
    expect(totalsCalls.map((call) => call.query.get('filter'))).toEqual([filter]);
  });

  it("shows the spec's columns, the disputed amount with the dispute-view privilege, and the values formatted", async () => {
    gridApi([buildDisputeRow()]);
    renderApp({ route: '/disputes', ...FULL });
    const row = await screen.findByTestId('dispute-row-7');

    expect(headers()).toEqual([
      'column-header-invNo',
      'column-header-invoiceDate',
      'column-header-dueDate',
      'column-header-originalAmount',
      'column-header-disputedAmount',
      'column-header-status',
      'column-header-reasonDisplay',
      'column-header-notes',
    ]);
    const cells = Object.fromEntries(
      [...row.querySelectorAll('td[data-field]')].map((cell) => [
        cell.getAttribute('data-field'),
        cell.textContent,
      ]),
    );
    expect(cells).toMatchObject({
      invNo: 'INV-1',
      originalAmount: '$1,500.00',
      disputedAmount: '$25.00',
      status: 'Identified',
      reasonDisplay: 'Damaged goods',
    });
    expect(screen.getByTestId('grid-range')).toHaveTextContent('1–1 of 1 dispute');
  });

  it('hides the disputed amount, in the grid and the columns menu, without ALLOW_PROB_VIEW', async () => {
    gridApi([buildDisputeRow({ disputedAmount: null })]);
    const { user } = renderApp({ route: '/disputes', ...NO_PROB_VIEW });
    await screen.findByTestId('dispute-row-7');

    expect(headers()).not.toContain('column-header-disputedAmount');
    expect(headers()).toContain('column-header-originalAmount');
    await user.click(screen.getByTestId('columns-menu'));
    expect(await screen.findByTestId('column-toggle-originalAmount')).toBeInTheDocument();
    expect(screen.queryByTestId('column-toggle-disputedAmount')).not.toBeInTheDocument();
  });

  it('names statuses by code (an unknown code is UnIdentified) and an unknown reason Internal, in English and French', async () => {
    const rows = [
      buildDisputeRow({ id: 1, probNo: 1, statusCode: 'W', status: 'Write-Off' }),
      buildDisputeRow({ id: 2, probNo: 2, statusCode: 'Q', status: 'Q', reasonDisplay: 'Internal' }),
    ];
    gridApi(rows);
    renderApp({ route: '/disputes', language: 'fr', ...FULL });
    const writeOff = await screen.findByTestId('dispute-row-1');
    const unknown = screen.getByTestId('dispute-row-2');

    const field = (row: HTMLElement, name: string) =>
      row.querySelector(`td[data-field="${name}"]`)?.textContent;
    expect(field(writeOff, 'status')).toBe('Passé en perte');
    expect(field(unknown, 'status')).toBe('Non identifié');
    expect(field(unknown, 'reasonDisplay')).toBe('Interne');
    expect(field(writeOff, 'reasonDisplay')).toBe('Damaged goods');
  });

  it('shows the latest notes in a tooltip, on hover and on keyboard focus', async () => {
    const notes = ['Pumps arrived broken', 'Photos sent to the c', 'Credit is on its wa'].map(
      (note, index) => ({
        note,
        enteredBy: 'Jane Doe',
        enteredOn: `2026-11-2${index}T10:00:00.000Z`,
      }),
    );
    gridApi([buildDisputeRow({ disputeNoteList: notes }), buildDisputeRow({ id: 80, probNo: 8 })]);
    renderApp({ route: '/disputes', ...FULL });
    const button = await screen.findByTestId('dispute-notes-7');

    expect(button).toHaveTextContent('3 notes');
    expect(within(screen.getByTestId('dispute-row-8')).queryByRole('button', { name: /note/ })).toBeNull();
    fireEvent.mouseEnter(button);
    const tooltip = await screen.findByRole('tooltip');
    expect([...tooltip.querySelectorAll('p')].map((line) => line.textContent)).toEqual(
      notes.map((n) => n.note),
    );
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    button.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Pumps arrived broken');
  });

  it('asks the server for each page and sort, the status column sorting on its code', async () => {
    const calls = gridApi([buildDisputeRow()], 120);
    const { user, router } = renderApp({ route: '/disputes', ...FULL });
    await screen.findByTestId('dispute-row-7');
    expect(listCalls(calls).at(-1)).toMatchObject({
      custNo: 'C100',
      currencyCode: 'USD',
      page: '1',
      pageSize: '50',
      sort: 'createdOn',
      dir: 'desc',
    });

    await user.click(screen.getByTestId('sort-status'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'statusCode', dir: 'asc' }));
    expect(screen.getByTestId('column-header-status')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByTestId('sort-status'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'statusCode', dir: 'desc' }));

    await user.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: '2', sort: 'statusCode' }));
    expect(router.state.location.search).toBe('?sort=statusCode&dir=desc&page=2');
    expect(screen.getByTestId('grid-range')).toHaveTextContent('51–100 of 120 disputes');
    // The notes column is not sortable on the server: its header is no button.
    expect(screen.queryByTestId('sort-notes')).toBeNull();
  });

  it('sends back the cursor the previous page gave, as the invoice grid does', async () => {
    const calls = stubApi([
      ...disputeGridRoutes(),
      {
        method: 'GET',
        path: '/disputes',
        reply: (call) => ({
          body: buildDisputeListResponse([buildDisputeRow({ probNo: Number(call.query.get('page')) })], {
            total: 120,
            page: Number(call.query.get('page')),
            nextCursor: `after-${call.query.get('page')}`,
          }),
        }),
      },
    ]);
    const { user } = renderApp({ route: '/disputes', ...FULL });
    await screen.findByTestId('dispute-row-1');
    await user.click(screen.getByTestId('page-next'));
    await screen.findByTestId('dispute-row-2');
    expect(listCalls(calls).at(-1)).toMatchObject({ page: '2', cursor: 'after-1' });
    expect(listCalls(calls)[0]?.cursor).toBeUndefined();
  });

  it('opens an invoice dispute at dispute/{invNo}/{probId}/{tranId} and a customer-level one at custDispute/{custNo}/{probId}', async () => {
    gridApi([
      buildDisputeRow({ invNo: 'INV 1/A', tranId: 'T-1' }),
      buildDisputeRow({ id: 90, probNo: 9, invNo: null, tranId: null, custDispute: true, invoiceDate: null }),
    ]);
    renderApp({ route: '/disputes', ...FULL });
    const open = await screen.findByRole('link', { name: 'Open dispute 7' });

    expect(open).toHaveAttribute('href', '/dispute/INV%201%2FA/7/T-1');
    expect(screen.getByRole('link', { name: 'Open dispute 9' })).toHaveAttribute(
      'href',
      '/custDispute/C100/9',
    );
    expect(screen.getByTestId('dispute-row-9').querySelector('td[data-field="invNo"]')).toHaveTextContent(
      'Customer dispute',
    );
  });

  it('offers a new customer-level dispute in its header only with ALLOW_CUST_PROB', async () => {
    gridApi([]);
    const { unmount } = renderApp({ route: '/disputes', ...FULL });
    expect(await screen.findByTestId('new-customer-dispute')).toHaveAttribute('href', '/custDispute/C100/0');
    await waitFor(() => expect(screen.getByTestId('grid-empty')).toHaveTextContent('No disputes match.'));
    unmount();

    gridApi([]);
    renderApp({
      route: '/disputes',
      userData: buildUserData({ roles: ALL_PRIVILEGES.filter((role) => role !== Privilege.ALLOW_CUST_PROB) }),
    });
    await screen.findByTestId('grid-empty');
    expect(screen.queryByTestId('new-customer-dispute')).toBeNull();
  });
});
