import type { TSavedSearch } from '@settle/shared/saved-searches';
import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { renderComponent } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';
import { SavedSearchMenu } from './saved-search-menu';

const OVERDUE: TCriteriaGroup = {
  operator: 'and',
  operands: [{ property: 'dueDate', type: 'date', constraint: 'lt', value: '2026-01-31' }],
};

function savedSearch(overrides: Partial<TSavedSearch>): TSavedSearch {
  return {
    id: 7,
    grid: 'invoices',
    name: 'Overdue',
    criteria: OVERDUE,
    filter: "dueDate lt datetime'2026-01-31T00:00:00'",
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

const CURRENT: TCriteriaGroup = {
  operator: 'and',
  operands: [{ property: 'amount', type: 'currency', constraint: 'gt', value: 100 }],
};

function setup(
  options: {
    saveReply?: (call: RecordedCall) => { status?: number; body?: unknown };
    language?: 'en' | 'fr';
  } = {},
) {
  let stored: TSavedSearch[] = [
    savedSearch({}),
    // A search whose criteria this version cannot read: its filter is used alone.
    savedSearch({ id: 8, name: 'Legacy', criteria: { what: 'old' }, filter: 'balance gt 0' }),
  ];
  const calls = stubApi([
    { method: 'GET', path: '/search/saved', reply: () => ({ body: stored }) },
    {
      method: 'POST',
      path: '/search/saved',
      reply:
        options.saveReply ??
        ((call) => {
          const body = call.body as Pick<TSavedSearch, 'name' | 'criteria' | 'filter'>;
          const saved = savedSearch({ id: 9, ...body });
          stored = [...stored, saved];
          return { body: saved };
        }),
    },
    {
      method: 'DELETE',
      path: '/search/saved/7',
      reply: () => {
        stored = stored.filter((search) => search.id !== 7);
        return { body: { deleted: true } };
      },
    },
  ]);
  const onSelect = vi.fn();
  const rendered = renderComponent(
    <SavedSearchMenu grid="invoices" criteria={CURRENT} filter="amount gt 100" onSelect={onSelect} />,
    { language: options.language },
  );
  return { ...rendered, calls, onSelect };
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET');

describe('SavedSearchMenu', () => {
  it("lists the grid's saved searches and applies the chosen one", async () => {
    const { user, calls, onSelect } = setup();
    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('saved-search-Overdue'));

    expect(listCalls(calls)[0]?.query.get('grid')).toBe('invoices');
    expect(onSelect).toHaveBeenCalledWith(OVERDUE, "dueDate lt datetime'2026-01-31T00:00:00'");

    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('saved-search-Legacy'));
    expect(onSelect).toHaveBeenLastCalledWith(null, 'balance gt 0');
  });

  it('saves the current search under a name with the XSRF token, then lists it', async () => {
    setXsrfCookie('token-1');
    const { user, calls } = setup();
    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('save-search'));
    await user.type(screen.getByTestId('save-search-name'), '  Big ones ');
    await user.click(screen.getByTestId('save-search-confirm'));

    await waitFor(() => expect(screen.queryByTestId('save-search-name')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      grid: 'invoices',
      name: 'Big ones',
      criteria: CURRENT,
      filter: 'amount gt 100',
    });
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    expect(await screen.findByText('Search “Big ones” saved')).toBeInTheDocument();

    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await user.click(screen.getByTestId('saved-searches-menu'));
    expect(await screen.findByTestId('saved-search-Big ones')).toBeInTheDocument();
  });

  it('asks for a name and warns that an existing name is replaced', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('save-search'));
    await user.click(screen.getByTestId('save-search-confirm'));
    expect(screen.getByText('Give the search a name')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByTestId('save-search-name'), 'overdue');
    expect(screen.getByTestId('save-search-replaces')).toHaveTextContent(
      'The saved search “overdue” will be replaced.',
    );
  });

  it("shows the server's refusal in the dialog, in the user's language", async () => {
    const { user } = setup({
      language: 'fr',
      saveReply: () => ({
        status: 400,
        body: errorBody(400, 'INVALID_CRITERIA', 'Invalid Criterion', {
          fieldErrors: [{ field: 'body.criteria.operands.0.value', message: 'Invalid Criterion' }],
        }),
      }),
    });
    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('save-search'));
    await user.type(screen.getByTestId('save-search-name'), 'Broken');
    await user.click(screen.getByTestId('save-search-confirm'));

    expect(await screen.findByTestId('save-search-error')).toHaveTextContent('Critère invalide');
    // The dialog stays open with the name, so the user can correct and retry.
    expect(screen.getByTestId('save-search-name')).toHaveValue('Broken');
  });

  it('translates a refused filter with its position', async () => {
    const { user } = setup({
      saveReply: () => ({
        status: 400,
        body: errorBody(400, 'INVALID_FILTER', "Invalid property: 'x' (at 4, near 'x eq 1')", {
          args: ['4', 'x eq 1'],
        }),
      }),
    });
    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('save-search'));
    await user.type(screen.getByTestId('save-search-name'), 'Broken');
    await user.click(screen.getByTestId('save-search-confirm'));
    expect(await screen.findByTestId('save-search-error')).toHaveTextContent(
      'The search is not valid near “x eq 1” (position 4).',
    );
  });

  it('deletes a saved search after confirmation only', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('delete-saved-search-Overdue'));
    expect(await screen.findByText('Delete the saved search “Overdue”?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByTestId('saved-searches-menu'));
    await user.click(await screen.findByTestId('delete-saved-search-Overdue'));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/search/saved/7');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await user.click(screen.getByTestId('saved-searches-menu'));
    expect(await screen.findByTestId('saved-search-Legacy')).toBeInTheDocument();
    expect(screen.queryByTestId('saved-search-Overdue')).not.toBeInTheDocument();
  });

  it('cannot save when there is nothing to save', async () => {
    stubApi([{ method: 'GET', path: '/search/saved', reply: { body: [] } }]);
    const { user } = renderComponent(
      <SavedSearchMenu grid="disputes" criteria={null} filter="" onSelect={vi.fn()} />,
    );
    await user.click(screen.getByTestId('saved-searches-menu'));
    expect(await screen.findByText('No saved searches yet.')).toBeInTheDocument();
    expect(screen.getByTestId('save-search')).toBeDisabled();
  });
});
