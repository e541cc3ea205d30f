import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { controlTimers } from '../../../testing/controlled-timers';
import { stubApi } from '../../../testing/fetch-stub';
import { renderComponent } from '../../../testing/render';
import { AdvancedSearchPanel, type TSearchPanelField, TYPING_DEBOUNCE_MS } from './advanced-search-panel';

const FIELDS: TSearchPanelField[] = [
  { field: 'invNo', title: 'Invoice number', dataType: 'string' },
  { field: 'dueDate', title: 'Due date', dataType: 'date' },
  { field: 'amount', title: 'Amount', dataType: 'currency' },
  { field: 'promise', title: 'Promised', dataType: 'boolean' },
  { field: 'terms', title: 'Terms', dataType: 'string' },
  { field: 'daysLate', title: 'Days late', dataType: 'integer' },
  { field: 'probNo', title: 'Dispute number', dataType: 'integer' },
  { field: 'status', title: 'Status', dataType: 'enum', options: ['Open', 'Closed'] },
];

type ApplySpy = Mock<(criteria: TCriteriaGroup | null, filter: string) => void>;

/** A parent that keeps what the panel applied and hands it back, as the invoice route does. */
function Harness(props: {
  onApply: ApplySpy;
  initial?: TCriteriaGroup | null;
  applyImmediate?: boolean;
  /** Criteria a button sets from outside the panel, as the address or a saved search would. */
  external?: TCriteriaGroup;
}) {
  const [value, setValue] = useState<TCriteriaGroup | null>(props.initial ?? null);
  return (
    <>
      <button type="button" onClick={() => setValue(props.external ?? null)}>
        load from outside
      </button>
      <AdvancedSearchPanel
        grid="invoices"
        fields={FIELDS}
        value={value}
        applyImmediate={props.applyImmediate}
        defaultOpened
        onApply={(criteria, filter) => {
          props.onApply(criteria, filter);
          setValue(criteria);
        }}
      />
    </>
  );
}

function renderPanel(
  options: {
    initial?: TCriteriaGroup | null;
    external?: TCriteriaGroup;
    applyImmediate?: boolean;
    language?: 'en' | 'fr';
  } = {},
) {
  const onApply: ApplySpy = vi.fn();
  const rendered = renderComponent(
    <Harness
      onApply={onApply}
      initial={options.initial}
      external={options.external}
      applyImmediate={options.applyImmediate}
    />,
    { language: options.language },
  );
  return { ...rendered, onApply };
}

const daysLateIn = (value: string): TCriteriaGroup => ({
  operator: 'and',
  operands: [{ property: 'daysLate', type: 'integer', constraint: 'in', value }],
});

const lastFilter = (onApply: ApplySpy) => onApply.mock.calls.at(-1)?.[1];

type TUser = ReturnType<typeof renderPanel>['user'];

/** Opens a Select and gives its own list of options (several lists stay mounted, hidden). */
async function openSelect(user: TUser, testId: string): Promise<HTMLElement> {
  const input = screen.getByTestId(testId);
  await user.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error(`no list of options for ${testId}`);
  return listbox;
}

async function optionsOf(user: TUser, testId: string): Promise<string[]> {
  const listbox = await openSelect(user, testId);
  const labels = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return labels;
}

async function choose(user: TUser, testId: string, label: string) {
  const listbox = await openSelect(user, testId);
  await user.click(within(listbox).getByRole('option', { name: label }));
}

const chooseConstraint = (user: TUser, path: string, label: string) =>
  choose(user, `constraint-${path}`, label);

describe('AdvancedSearchPanel', () => {
  beforeEach(() => {
    stubApi([{ method: 'GET', path: '/search/saved', reply: { body: [] } }]);
  });

  it('turns a ticked field into a row offering only the constraints of its type', async () => {
    const { user } = renderPanel({ applyImmediate: false });
    expect(screen.queryByTestId('criterion-0')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('search-field-invNo'));
    expect(screen.getByTestId('criterion-0')).toHaveTextContent('Invoice number');
    expect(screen.getByTestId('constraint-0')).toHaveValue('is');
    expect(screen.getByTestId('constraint-0')).toHaveAccessibleName('Constraint for Invoice number');
    expect(await optionsOf(user, 'constraint-0')).toEqual(['is', 'contains', 'starts with', 'ends with']);

    await user.click(screen.getByTestId('search-field-dueDate'));
    expect(await optionsOf(user, 'constraint-1')).toEqual([
      'is',
      'between',
      'greater than',
      'greater than or equal to',
      'less than',
      'less than or equal to',
    ]);
    await user.click(screen.getByTestId('search-field-promise'));
    expect(await optionsOf(user, 'constraint-2')).toEqual(['is', 'is not']);

    // Unticking removes the field's row; the others move up.
    await user.click(screen.getByTestId('search-field-invNo'));
    expect(screen.getByTestId('search-field-invNo')).not.toBeChecked();
    expect(screen.getByTestId('criterion-0')).toHaveTextContent('Due date');
    expect(screen.queryByTestId('criterion-2')).not.toBeInTheDocument();
  });

  it('shows a second editor and the word And for between, and removes them for another constraint', async () => {
    const { user } = renderPanel({ applyImmediate: false });
    await user.click(screen.getByTestId('search-field-amount'));
    await user.type(screen.getByTestId('value-0'), '100');

    await chooseConstraint(user, '0', 'between');
    expect(screen.getByTestId('value2-0')).toHaveAccessibleName('Second value for Amount');
    expect(screen.getByTestId('criterion-0')).toHaveTextContent('And');
    // The first value is kept between one value and a range.
    expect(screen.getByTestId('value-0')).toHaveValue('100');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Amount between 100 And empty');

    await chooseConstraint(user, '0', 'is');
    expect(screen.queryByTestId('value2-0')).not.toBeInTheDocument();
    expect(screen.getByTestId('criterion-0')).not.toHaveTextContent('And');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Amount is 100');
  });

  it('applies a date range typed in the mm/dd/yy picker as ISO dates', async () => {
    const { user, onApply } = renderPanel({ applyImmediate: false });
    await user.click(screen.getByTestId('search-field-dueDate'));
    await chooseConstraint(user, '0', 'between');
    await user.type(screen.getByTestId('value-0'), '01/15/26');
    await user.type(screen.getByTestId('value2-0'), '2/5/2026');
    await user.click(screen.getByTestId('search-apply'));

    expect(onApply).toHaveBeenCalledTimes(1);
    expect(lastFilter(onApply)).toBe(
      "dueDate ge datetime'2026-01-15T00:00:00' and dueDate le datetime'2026-02-05T00:00:00'",
    );
    expect(onApply.mock.calls[0]?.[0]?.operands[0]).toMatchObject({
      value: '2026-01-15',
      value2: '2026-02-05',
    });
    expect(screen.getByTestId('value2-0')).toHaveValue('02/05/26');
  });

  it('clears the value when the constraint takes none', async () => {
    const initial: TCriteriaGroup = {
      operator: 'and',
      operands: [{ property: 'terms', type: 'string', constraint: 'is_null' }],
    };
    const { user, onApply } = renderPanel({ applyImmediate: false, initial });
    expect(screen.queryByTestId('value-0')).not.toBeInTheDocument();

    await chooseConstraint(user, '0', 'is');
    await user.type(screen.getByTestId('value-0'), 'Net 30');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Terms is Net 30');

    await chooseConstraint(user, '0', 'has no value');
    expect(screen.queryByTestId('value-0')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('search-apply'));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]?.operands[0]).not.toHaveProperty('value');
    expect(lastFilter(onApply)).toBe('terms eq null');
  });

  it('builds a nested or-group and applies its filter text', async () => {
    const { user, onApply } = renderPanel({ applyImmediate: false });
    await user.click(screen.getByTestId('search-field-invNo'));
    await chooseConstraint(user, '0', 'contains');
    await user.type(screen.getByTestId('value-0'), "O'Brien");

    await user.click(screen.getByTestId('add-group-root'));
    const group = screen.getByTestId('criteria-group-1');
    expect(group).toHaveAttribute('role', 'group');
    expect(group).toHaveAccessibleName('Criteria group, match all');

    await choose(user, 'add-criterion-1', 'Amount');
    await chooseConstraint(user, '1.0', 'greater than');
    await user.type(screen.getByTestId('value-1.0'), '100.5');
    await choose(user, 'add-criterion-1', 'Promised');
    await user.click(within(screen.getByTestId('value-1.1')).getByText('Yes'));

    await user.click(within(screen.getByTestId('group-operator-1')).getByText('Match any (or)'));
    expect(group).toHaveAccessibleName('Criteria group, match any');
    // A ticked field shows wherever its row is.
    expect(screen.getByTestId('search-field-amount')).toBeChecked();
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('search-apply'));
    expect(lastFilter(onApply)).toBe(
      "substringof('O''Brien',invNo) and (amount gt 100.5 or promise eq true)",
    );
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({
      operator: 'and',
      operands: [
        { property: 'invNo' },
        { operator: 'or', operands: [{ property: 'amount' }, { property: 'promise' }] },
      ],
    });
    expect(screen.getByTestId('search-count')).toHaveTextContent('3');

    // The root's operator too, and removing the nested group.
    await user.click(within(screen.getByTestId('group-operator-root')).getByText('Match any (or)'));
    await user.click(screen.getByTestId('remove-group-1'));
    await user.click(screen.getByTestId('search-apply'));
    expect(lastFilter(onApply)).toBe("substringof('O''Brien',invNo)");
    expect(screen.getByTestId('search-field-amount')).not.toBeChecked();
  });

  it('in immediate mode applies a choice at once and typed text after a pause', async () => {
    const { user, advance } = controlTimers();
    const { onApply } = renderPanel({ applyImmediate: true });
    expect(screen.queryByTestId('search-apply')).not.toBeInTheDocument();

    // A choice applies at once; a ticked field without a value yet adds no condition, so the
    // grid is not emptied before a value is typed. The summary still shows the word empty.
    await user.click(screen.getByTestId('search-field-invNo'));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(lastFilter(onApply)).toBe('');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Invoice number is empty');

    await user.type(screen.getByTestId('value-0'), 'INV-1');
    advance(TYPING_DEBOUNCE_MS - 1);
    expect(onApply).toHaveBeenCalledTimes(1);
    advance(1);
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(lastFilter(onApply)).toBe("invNo eq 'INV-1'");
    expect(screen.getByTestId('search-count')).toHaveTextContent('1');
  });

  it('in immediate mode never applies while a criterion is invalid', async () => {
    const { user, advance } = controlTimers();
    const { onApply } = renderPanel({ applyImmediate: true, initial: daysLateIn('1,2') });
    await user.type(screen.getByTestId('value-0'), ',3');
    advance(TYPING_DEBOUNCE_MS);
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(lastFilter(onApply)).toBe('daysLate eq 1 or daysLate eq 2 or daysLate eq 3');

    // 'x' is not a whole number: the row says so, and neither the typing (once its pause is
    // over) nor a later choice (which applies at once when valid) applies.
    await user.type(screen.getByTestId('value-0'), 'x');
    expect(screen.getByTestId('criterion-error-0')).toHaveTextContent('Invalid Criterion');
    expect(screen.getByTestId('criterion-0')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('search-not-applied')).toBeInTheDocument();
    advance(TYPING_DEBOUNCE_MS);
    expect(onApply).toHaveBeenCalledTimes(1);
    await user.click(screen.getByTestId('search-field-invNo'));
    expect(onApply).toHaveBeenCalledTimes(1);

    await user.type(screen.getByTestId('value-0'), '{Backspace}');
    expect(screen.queryByTestId('criterion-error-0')).not.toBeInTheDocument();
    advance(TYPING_DEBOUNCE_MS);
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(lastFilter(onApply)).toBe('daysLate eq 1 or daysLate eq 2 or daysLate eq 3');
  });

  it('with apply-immediate off waits for Apply, refuses invalid criteria, and Reset clears everything', async () => {
    const { user, advance } = controlTimers();
    const { onApply } = renderPanel({ applyImmediate: false, initial: daysLateIn('1,x') });
    expect(screen.getByTestId('criterion-error-0')).toHaveTextContent('Invalid Criterion');
    await user.click(screen.getByTestId('search-apply'));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByTestId('search-not-applied')).toHaveTextContent('the search was not applied');

    await user.clear(screen.getByTestId('value-0'));
    await user.type(screen.getByTestId('value-0'), '4');
    await user.click(screen.getByTestId('search-field-amount'));
    await user.type(screen.getByTestId('value-1'), '12.5');
    // Typing applies nothing here, not even after the pause an immediate search waits for.
    advance(TYPING_DEBOUNCE_MS);
    expect(onApply).not.toHaveBeenCalled();

    // Enter in an editor applies, like the Apply button.
    await user.type(screen.getByTestId('value-1'), '{Enter}');
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(lastFilter(onApply)).toBe('daysLate eq 4 and amount eq 12.5');
    expect(screen.getByTestId('search-count')).toHaveTextContent('2');
    expect(screen.getByTestId('search-toggle')).toHaveAccessibleName(/Advanced search\s*2 active criteria/);

    await user.click(screen.getByTestId('search-reset'));
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(onApply).toHaveBeenLastCalledWith(null, '');
    expect(screen.queryByTestId('criterion-0')).not.toBeInTheDocument();
    expect(screen.getByTestId('search-field-amount')).not.toBeChecked();
    expect(screen.queryByTestId('search-count')).not.toBeInTheDocument();
    expect(screen.getByTestId('search-summary')).toHaveTextContent('No criteria');
  });

  it('takes criteria from outside, marks invalid rows with the spec messages and drops empty probNo rows on apply', async () => {
    const initial = {
      operator: 'and',
      operands: [
        { property: 'amount', type: 'currency', constraint: 'gt', value: 'lots' },
        { property: 'nosuchfield', type: 'string', constraint: 'eq', value: 'x' },
        { property: 'probNo', type: 'integer', constraint: 'eq' },
        { property: 'invNo', type: 'string', constraint: 'eq', value: 'A1' },
      ],
    } as TCriteriaGroup;
    const { user, onApply } = renderPanel({ applyImmediate: false, initial });
    expect(screen.getByTestId('search-count')).toHaveTextContent('4');
    expect(screen.getByTestId('criterion-error-0')).toHaveTextContent('Invalid Criterion');
    expect(screen.getByTestId('criterion-error-1')).toHaveTextContent('Invalid property');
    expect(screen.queryByTestId('criterion-error-2')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('search-apply'));
    expect(onApply).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('remove-criterion-1'));
    await user.click(screen.getByTestId('remove-criterion-0'));
    await user.click(screen.getByTestId('search-apply'));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]?.operands).toEqual([
      { property: 'invNo', type: 'string', constraint: 'eq', value: 'A1' },
    ]);
    expect(lastFilter(onApply)).toBe("invNo eq 'A1'");
    // The panel keeps the empty probNo row the user is still filling in.
    expect(screen.getByTestId('criterion-0')).toHaveTextContent('Dispute number');
    expect(screen.getByTestId('search-field-probNo')).toBeChecked();
  });

  it('shows criteria set from outside in place of the ones being edited', async () => {
    const external: TCriteriaGroup = {
      operator: 'or',
      operands: [{ property: 'promise', type: 'boolean', constraint: 'ne', value: true }],
    };
    const { user, onApply } = renderPanel({ applyImmediate: false, external });
    await user.click(screen.getByTestId('search-field-invNo'));
    expect(screen.getByTestId('criterion-0')).toHaveTextContent('Invoice number');

    await user.click(screen.getByRole('button', { name: 'load from outside' }));
    expect(screen.getByTestId('criterion-0')).toHaveTextContent('Promised');
    expect(screen.getByTestId('constraint-0')).toHaveValue('is not');
    expect(within(screen.getByTestId('value-0')).getByLabelText('Yes')).toBeChecked();
    expect(screen.getByTestId('search-field-invNo')).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Criteria group, match any' })).toBeInTheDocument();
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Promised is not Yes');
    expect(screen.getByTestId('search-count')).toHaveTextContent('1');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('opens and closes with a labelled toggle', async () => {
    const onApply: ApplySpy = vi.fn();
    const { user } = renderComponent(
      <AdvancedSearchPanel grid="invoices" fields={FIELDS} value={null} onApply={onApply} />,
    );
    const toggle = screen.getByTestId('search-toggle');
    expect(toggle).toHaveTextContent('Advanced search');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByTestId('search-field-invNo'),
    );
    // Without a setting, every valid change applies at once: there is no Apply button.
    expect(screen.queryByTestId('search-apply')).not.toBeInTheDocument();
  });

  it('waits for Apply when the public configuration says the text false', async () => {
    window.settleConfig = { searchApplyImmediate: 'false' } as NonNullable<typeof window.settleConfig>;
    const onApply: ApplySpy = vi.fn();
    const { user } = renderComponent(
      <AdvancedSearchPanel grid="invoices" fields={FIELDS} value={null} onApply={onApply} defaultOpened />,
    );
    await user.click(screen.getByTestId('search-field-invNo'));
    expect(onApply).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('search-apply'));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ operator: 'and' }), '');
  });

  it("offers an enum field's values in a Select", async () => {
    const { user, onApply } = renderPanel({ applyImmediate: true });
    await user.click(screen.getByTestId('search-field-status'));
    expect(await optionsOf(user, 'constraint-0')).toEqual(['is']);
    await choose(user, 'value-0', 'Closed');
    expect(lastFilter(onApply)).toBe("status eq 'Closed'");
    expect(screen.getByTestId('search-summary')).toHaveTextContent('Status is Closed');
  });

  it('speaks French: titles, constraints, the word Et, the empty word and day-first dates', async () => {
    const { user } = renderPanel({ applyImmediate: false, language: 'fr' });
    expect(screen.getByTestId('search-toggle')).toHaveTextContent('Recherche avancée');
    await user.click(screen.getByTestId('search-field-invNo'));
    // The grid's label of the field: one source for both.
    expect(screen.getByTestId('criterion-0')).toHaveTextContent('N° de facture');
    expect(await optionsOf(user, 'constraint-0')).toEqual([
      'est',
      'contient',
      'commence par',
      'se termine par',
    ]);
    await user.click(screen.getByTestId('search-field-dueDate'));
    await chooseConstraint(user, '1', 'entre');
    expect(screen.getByTestId('and-1')).toHaveTextContent('Et');
    expect(screen.getByTestId('search-summary')).toHaveTextContent(
      'N° de facture est vide et Échéance entre vide Et vide',
    );
    expect(screen.getByTestId('value2-1')).toHaveAccessibleName('Seconde valeur pour Échéance');
    // French dates read day first, and say so in French letters.
    expect(screen.getByTestId('value-1')).toHaveAttribute('placeholder', 'jj/mm/aa');
    await user.type(screen.getByTestId('value-1'), '31/01/26');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('entre 31/01/26 Et vide');
    await user.click(screen.getByTestId('search-apply'));
    expect(screen.getByTestId('search-toggle')).toHaveAccessibleName(/Recherche avancée\s*2 critères actifs/);
  });
});
