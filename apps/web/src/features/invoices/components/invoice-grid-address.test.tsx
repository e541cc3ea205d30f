import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import {
  buildColumnPreferences,
  buildInvoiceRow,
  buildListResponse,
  FULL_ROLES,
  gridRoutes,
  shellRoutes,
} from '../testing/invoice-fixtures';

/** 120 matching invoices; each page answers one row named after its page, size and sort. */
function pagedApi(total = 120) {
  return stubApi([
    ...shellRoutes(),
    ...gridRoutes(),
    { method: 'POST', path: '/invoices/columns', reply: { body: buildColumnPreferences() } },
    {
      method: 'GET',
      path: '/invoices',
      reply: (call) => ({
        body: buildListResponse([buildInvoiceRow({ invNo: `P${call.query.get('page')}` })], {
          total,
          page: Number(call.query.get('page')),
          status: call.query.get('status') === 'C' ? 'C' : 'O',
        }),
      }),
    },
  ]);
}

const lastList = (calls: RecordedCall[]) =>
  Object.fromEntries(
    calls.filter((call) => call.method === 'GET' && call.path === '/invoices').at(-1)!.query,
  );
const signedIn = { userData: buildUserData({ roles: FULL_ROLES }) };

describe('the invoice grid in the page address', () => {
  it('opens the page, size, sort and status a link names', async () => {
    const calls = pagedApi();
    renderApp({ route: '/invoices?status=C&page=3&pageSize=25&sort=amount&dir=desc', ...signedIn });

    await screen.findByTestId('invoice-row-P3');
    expect(lastList(calls)).toMatchObject({
      status: 'C',
      page: '3',
      pageSize: '25',
      sort: 'amount',
      dir: 'desc',
    });
    expect(screen.getByTestId('column-header-amount')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByTestId('grid-range')).toHaveTextContent('51–75 of 120 invoices');
    expect(screen.getByTestId('page-size')).toHaveValue('25');
  });

  it('ignores what it cannot use: a page that is no number, a size not offered, an unknown sort', async () => {
    const calls = pagedApi();
    renderApp({ route: '/invoices?page=abc&pageSize=7&sort=password&dir=up', ...signedIn });

    await screen.findByTestId('invoice-row-P1');
    // The saved column preferences give the sort (due date, ascending).
    expect(lastList(calls)).toMatchObject({ page: '1', pageSize: '50', sort: 'dueDate', dir: 'asc' });
  });

  it('writes the saved sort into an address that names none, so that Back keeps it', async () => {
    const calls = pagedApi();
    const { user, router } = renderApp({ route: '/invoices?page=2', ...signedIn });
    await screen.findByTestId('invoice-row-P2');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&sort=dueDate&dir=asc'));

    await user.click(screen.getByTestId('sort-amount'));
    await screen.findByTestId('invoice-row-P1');
    await router.navigate(-1);
    await screen.findByTestId('invoice-row-P2');
    expect(lastList(calls)).toMatchObject({ page: '2', sort: 'dueDate', dir: 'asc' });
  });

  it('writes paging into the history, so that Back shows the previous page again', async () => {
    const calls = pagedApi();
    const { user, router } = renderApp({ route: '/invoices', ...signedIn });
    await screen.findByTestId('invoice-row-P1');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=dueDate&dir=asc'));

    await user.click(screen.getByTestId('page-next'));
    await screen.findByTestId('invoice-row-P2');
    expect(router.state.location.search).toBe('?sort=dueDate&dir=asc&page=2');
    await user.click(screen.getByTestId('page-next'));
    await screen.findByTestId('invoice-row-P3');
    expect(router.state.location.search).toBe('?sort=dueDate&dir=asc&page=3');

    await router.navigate(-1);
    await screen.findByTestId('invoice-row-P2');
    // The page's rows may come from the query cache first, its call to the server just after
    // (seen once in CI): wait for the call rather than read the last one at once.
    await waitFor(() => expect(lastList(calls).page).toBe('2'));
    expect(screen.getByTestId('grid-range')).toHaveTextContent('51–100 of 120 invoices');
  });

  it('starts a new sort, page size or status at the first page and keeps the other parameters', async () => {
    pagedApi();
    const { user, router } = renderApp({ route: '/invoices?page=2&pageSize=25', ...signedIn });
    await screen.findByTestId('invoice-row-P2');

    await user.click(screen.getByTestId('sort-amount'));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=25&sort=amount&dir=asc'));
    await screen.findByTestId('invoice-row-P1');

    await user.click(screen.getByTestId('page-next'));
    await screen.findByTestId('invoice-row-P2');
    await user.click(screen.getByTestId('page-size'));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=100&sort=amount&dir=asc'));

    await user.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    await user.click(screen.getByTestId('status-closed'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?pageSize=100&sort=amount&dir=asc&status=C'),
    );
  });

  it('shows the last page instead of a page past the end', async () => {
    const calls = pagedApi();
    const { router } = renderApp({ route: '/invoices?page=9&sort=amount&dir=asc', ...signedIn });

    await screen.findByTestId('invoice-row-P3');
    expect(router.state.location.search).toBe('?page=3&sort=amount&dir=asc');
    expect(lastList(calls).page).toBe('3');
  });
});

describe('the row tool buttons', () => {
  it('name the invoice, and show their tooltip on hover and on keyboard focus', async () => {
    pagedApi();
    renderApp({ route: '/invoices', ...signedIn });
    const row = await screen.findByTestId('invoice-row-P1');

    const print = within(row).getByRole('button', { name: 'Print invoice P1' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.mouseEnter(print);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Print');
    fireEvent.mouseLeave(print);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    const promise = within(row).getByRole('button', { name: 'Promise to pay invoice P1' });
    promise.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Promise to pay');
    fireEvent.keyDown(promise, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('speaks French', async () => {
    pagedApi();
    renderApp({ route: '/invoices', language: 'fr', ...signedIn });
    const row = await screen.findByTestId('invoice-row-P1');

    const print = within(row).getByRole('button', { name: 'Imprimer la facture P1' });
    print.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Imprimer');
    expect(within(row).getByRole('button', { name: 'Ajouter la facture P1 au panier' })).toBeInTheDocument();
  });
});
