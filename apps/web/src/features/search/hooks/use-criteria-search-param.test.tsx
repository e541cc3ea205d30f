import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../../testing/render';
import { encodeCriteria } from '../utils/criteria-codec';
import { useCriteriaSearchParam } from './use-criteria-search-param';

const CRITERIA: TCriteriaGroup = {
  operator: 'or',
  operands: [
    { property: 'invNo', type: 'string', constraint: 'contains', value: 'Café ✓' },
    {
      operator: 'and',
      operands: [
        { property: 'dueDate', type: 'date', constraint: 'is_between', value: '2026-01-01', value2: null },
      ],
    },
  ],
};
const FILTER = "substringof('Café ✓',invNo) or dueDate ge datetime'2026-01-01T00:00:00'";

function Probe(props: { next?: TCriteriaGroup | null; nextFilter?: string }) {
  const { criteria, filter, setCriteria } = useCriteriaSearchParam();
  return (
    <>
      <output data-testid="criteria">{JSON.stringify(criteria)}</output>
      <output data-testid="filter">{filter}</output>
      <button type="button" onClick={() => setCriteria(props.next ?? null, props.nextFilter ?? '')}>
        set
      </button>
    </>
  );
}

const shownCriteria = () => JSON.parse(screen.getByTestId('criteria').textContent ?? 'null');
const shownFilter = () => screen.getByTestId('filter').textContent;

describe('useCriteriaSearchParam', () => {
  it('writes the criteria and filter into the address, keeps other parameters, and reads them back', async () => {
    const { user, router, unmount } = renderComponent(<Probe next={CRITERIA} nextFilter={FILTER} />, {
      route: '/invoices?status=O',
    });
    expect(shownCriteria()).toBeNull();
    expect(shownFilter()).toBe('');

    await user.click(screen.getByRole('button', { name: 'set' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('O');
    expect(params.get('filter')).toBe(FILTER);
    expect(params.get('criteria')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(shownCriteria()).toEqual(CRITERIA);
    expect(shownFilter()).toBe(FILTER);

    // A reload, or a colleague opening the shared link, gets the same search.
    const link = `${router.state.location.pathname}${router.state.location.search}`;
    unmount();
    renderComponent(<Probe />, { route: link });
    expect(shownCriteria()).toEqual(CRITERIA);
    expect(shownFilter()).toBe(FILTER);
  });

  it('removes both parameters when the search is cleared', async () => {
    const route = `/invoices?status=O&criteria=${encodeCriteria(CRITERIA)}&filter=${encodeURIComponent(FILTER)}`;
    const { user, router } = renderComponent(<Probe next={null} nextFilter="" />, { route });
    expect(shownCriteria()).toEqual(CRITERIA);
    await user.click(screen.getByRole('button', { name: 'set' }));
    expect(router.state.location.search).toBe('?status=O');
    expect(shownCriteria()).toBeNull();
    expect(shownFilter()).toBe('');
  });

  it.each([
    ['text that is not base64url', 'not base64!'],
    ['base64url of text that is not JSON', btoa('{oops').replace(/=+$/, '')],
    [
      'criteria that do not fit the model',
      encodeCriteria({ operator: 'xor', operands: [] } as unknown as TCriteriaGroup),
    ],
    [
      'criteria that do not validate',
      encodeCriteria({
        operator: 'and',
        operands: [{ property: 'amount', type: 'currency', constraint: 'gt', value: 'lots' }],
      }),
    ],
  ])('ignores %s', (_case, criteriaParam) => {
    renderComponent(<Probe />, {
      route: `/invoices?criteria=${encodeURIComponent(criteriaParam)}&filter=${encodeURIComponent('amount gt')}`,
    });
    expect(shownCriteria()).toBeNull();
    expect(shownFilter()).toBe('');
  });

  it('makes the filter from valid criteria, whatever the filter parameter says', () => {
    renderComponent(<Probe />, {
      route: `/invoices?criteria=${encodeCriteria(CRITERIA)}&filter=${encodeURIComponent('balance gt 0')}`,
    });
    expect(shownCriteria()).toEqual(CRITERIA);
    expect(shownFilter()).toBe(FILTER);
  });

  it('keeps a filter that comes alone when it parses', () => {
    renderComponent(<Probe />, {
      route: `/invoices?filter=${encodeURIComponent("balance gt 0 and terms eq 'N30'")}`,
    });
    expect(shownCriteria()).toBeNull();
    expect(shownFilter()).toBe("balance gt 0 and terms eq 'N30'");
  });
});
