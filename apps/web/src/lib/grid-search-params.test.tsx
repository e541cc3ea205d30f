import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../testing/render';
import { type GridSearchParams, useGridSearchParams } from './grid-search-params';

const OPTIONS = {
  pageSizes: [25, 50],
  defaultPageSize: 50,
  isSortable: (field: string) => field === 'dueDate',
};

function Probe(props: { onRender: (params: GridSearchParams) => void }) {
  props.onRender(useGridSearchParams(OPTIONS));
  return null;
}

describe('useGridSearchParams', () => {
  it('builds a second write on the first when both come before the router draws the new address', async () => {
    let params: GridSearchParams | undefined;
    const { router } = renderComponent(<Probe onRender={(current) => (params = current)} />, {
      route: '/grid',
    });
    const setters = params!;

    // The saved sort written down, then a page click from the same (not yet re-drawn) render.
    await act(async () => {
      setters.setSort({ field: 'dueDate', dir: 'asc' }, { replace: true });
      setters.setPage(2);
    });

    expect(router.state.location.search).toBe('?sort=dueDate&dir=asc&page=2');
    expect(params!.sort).toEqual({ field: 'dueDate', dir: 'asc' });
    expect(params!.page).toBe(2);
  });
});
