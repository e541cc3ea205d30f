import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { renderComponent } from '../../../testing/render';
import type { TSearchGrid } from './get-saved-searches';
import { useSearchFields } from './get-search-fields';

function Fields({ grid }: { grid: TSearchGrid }) {
  const fields = useSearchFields(grid);
  return (
    <output data-testid="fields">
      {fields.data?.map((field) => field.field).join(',') ?? fields.status}
    </output>
  );
}

describe('useSearchFields', () => {
  afterEach(() => vi.restoreAllMocks());

  it("loads the invoice grid's fields", async () => {
    const calls = stubApi([
      {
        method: 'GET',
        path: '/invoices/searchFields',
        reply: { body: [{ field: 'invNo', title: 'Invoice number', dataType: 'string' }] },
      },
    ]);
    renderComponent(<Fields grid="invoices" />);
    await waitFor(() => expect(screen.getByTestId('fields')).toHaveTextContent('invNo'));
    expect(calls.map((call) => call.path)).toEqual(['/invoices/searchFields']);
  });

  it('only logs a failed load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi([{ method: 'GET', path: '/invoices/searchFields', reply: { status: 404, body: {} } }]);
    renderComponent(<Fields grid="invoices" />);
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('fields')).toHaveTextContent('error');
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('asks nothing for a grid without a field list yet', async () => {
    const calls = stubApi([]);
    renderComponent(<Fields grid="disputes" />);
    await waitFor(() => expect(screen.getByTestId('fields')).toHaveTextContent(''));
    expect(screen.getByTestId('fields')).not.toHaveTextContent('pending');
    expect(calls).toEqual([]);
  });
});
