import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildInvoiceRow,
  buildListResponse,
  FULL_ROLES,
  gridRoutes,
  shellRoutes,
} from '../../features/invoices/testing/invoice-fixtures';
import { QUICK_SEARCH_DELAY_MS } from '../../features/search/components/quick-search-box';
import { controlTimers } from '../../testing/controlled-timers';
import { type RecordedCall, stubApi } from '../../testing/fetch-stub';
import { buildUserData } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

function quickSearchApi() {
  return stubApi([
    ...shellRoutes(),
    ...gridRoutes(),
    { method: 'GET', path: '/invoices', reply: { body: buildListResponse([buildInvoiceRow()]) } },
  ]);
}

const lastFilter = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path === '/invoices')
    .at(-1)
    ?.query.get('filter');

describe('quick search above the invoice grid', () => {
  it('searches invoice and PO numbers on the server once typing pauses, combined with the advanced filter', async () => {
    const calls = quickSearchApi();
    const { router } = renderApp({
      route: `/invoices?filter=${encodeURIComponent('balance gt 100')}`,
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await screen.findByTestId('invoice-row-INV-1');
    const { user, advance, release } = controlTimers();

    const box = screen.getByLabelText('Find an invoice');
    await user.type(box, 'PO-7');
    advance(QUICK_SEARCH_DELAY_MS - 1);
    expect(lastFilter(calls)).toBe('balance gt 100');

    advance(1);
    release();
    await screen.findByTestId('invoice-row-INV-1');
    expect(router.state.location.search).toContain('q=PO-7');
    expect(lastFilter(calls)).toBe(
      "(substringof('PO-7',invNo) or substringof('PO-7',poNumber)) and balance gt 100",
    );
  });

  it('clears with the cross and keeps the text from the address after a reload', async () => {
    const calls = quickSearchApi();
    const { user, router } = renderApp({
      route: '/invoices?q=INV-9',
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await screen.findByTestId('invoice-row-INV-1');
    expect(screen.getByLabelText('Find an invoice')).toHaveValue('INV-9');
    expect(lastFilter(calls)).toBe("substringof('INV-9',invNo) or substringof('INV-9',poNumber)");

    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(screen.getByLabelText('Find an invoice')).toHaveValue('');
    expect(router.state.location.search).toBe('');
    await screen.findByTestId('invoice-row-INV-1');
    expect(lastFilter(calls)).toBeNull();
  });
});
