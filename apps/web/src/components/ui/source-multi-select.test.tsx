import type { TDataSourceItem } from '@settle/shared/data-sources';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { controlTimers } from '../../testing/controlled-timers';
import { type RecordedCall, stubApi } from '../../testing/fetch-stub';
import { renderComponent } from '../../testing/render';
import { SourceMultiSelect } from './source-multi-select';

const SOURCE = '/getpaid-rest/api/data/customers';

/** The user's customers as the server would filter them: number or company prefix, any case, paged. */
const CUSTOMERS = ['Acme Corp (C100)', 'Acorn Ltd (C101)', 'Beta Industries (C200)', 'Achille SA (C102)'].map(
  (label) => ({ value: label.slice(-5, -1), label }),
);
function sourceReply(call: RecordedCall) {
  const startsWith = (call.query.get('startsWith') ?? '').toLowerCase();
  const page = Number(call.query.get('page'));
  const pageSize = Number(call.query.get('pageSize'));
  const matches = CUSTOMERS.filter(
    (item) =>
      item.label.toLowerCase().startsWith(startsWith) || item.value.toLowerCase().startsWith(startsWith),
  );
  return {
    body: {
      items: matches.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageSize,
      total: matches.length,
    },
  };
}

function Harness({ onChange }: { onChange: (value: TDataSourceItem[]) => void }) {
  const [value, setValue] = useState<TDataSourceItem[]>([]);
  return (
    <SourceMultiSelect
      source={SOURCE}
      label="Customers"
      value={value}
      pageSize={2}
      debounceMs={300}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const options = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('SourceMultiSelect', () => {
  it('asks the source once typing pauses, with what was typed as the prefix', async () => {
    const calls = stubApi([{ method: 'GET', path: '/data/customers', reply: sourceReply }]);
    const { user, advance, release } = controlTimers();
    renderComponent(<Harness onChange={vi.fn()} />);

    await user.click(screen.getByRole('textbox', { name: 'Customers' }));
    await user.type(screen.getByRole('textbox', { name: 'Customers' }), 'ac');
    const typed = () => calls.filter((call) => call.query.get('startsWith') !== '');
    advance(299);
    expect(typed()).toEqual([]);
    advance(1);
    release();

    await waitFor(() => expect(options()).toEqual(['Acme Corp (C100)', 'Acorn Ltd (C101)']));
    expect(typed().map((call) => call.query.get('startsWith'))).toEqual(['ac']);
    expect(typed()[0]?.query.get('page')).toBe('1');
  });

  it('pages on demand, and keeps the chosen entries as pills that can be removed', async () => {
    stubApi([{ method: 'GET', path: '/data/customers', reply: sourceReply }]);
    const onChange = vi.fn();
    const { user } = renderComponent(<Harness onChange={onChange} />);

    await user.click(screen.getByRole('textbox', { name: 'Customers' }));
    await waitFor(() => expect(options()).toEqual(['Acme Corp (C100)', 'Acorn Ltd (C101)']));
    await user.click(screen.getByRole('button', { name: 'Show more (2 of 4)' }));
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('option', { name: 'Beta Industries (C200)' }));
    await user.click(screen.getByRole('option', { name: 'Acme Corp (C100)' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { value: 'C200', label: 'Beta Industries (C200)' },
      { value: 'C100', label: 'Acme Corp (C100)' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Beta Industries (C200)' }));
    expect(onChange).toHaveBeenLastCalledWith([{ value: 'C100', label: 'Acme Corp (C100)' }]);
    // Choosing a chosen entry again takes it out.
    await user.click(screen.getByRole('textbox', { name: 'Customers' }));
    await user.click(screen.getByRole('option', { name: '✓ Acme Corp (C100)' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('says so when nothing starts with the text, in French too', async () => {
    stubApi([{ method: 'GET', path: '/data/customers', reply: sourceReply }]);
    const { user } = renderComponent(<Harness onChange={vi.fn()} />, { language: 'fr' });
    await user.type(screen.getByRole('textbox', { name: 'Customers' }), 'zz');
    expect(await screen.findByText('Rien ne commence ainsi')).toBeInTheDocument();
  });
});
