import { describe, expect, it } from 'vitest';
import {
  type GridLayout,
  layoutFromPreferences as layoutWith,
  moveColumn,
  resizeColumn,
  sortBy as sortWith,
  toPreferenceRequest as toRequestWith,
} from '../../../components/grid/column-layout';
import { buildColumnPreferences } from '../testing/invoice-fixtures';
import { INVOICE_SORTING } from './invoice-grid-config';

const DEFAULT_SORT = INVOICE_SORTING.defaultSort;
const layoutFromPreferences = (preferences: Parameters<typeof layoutWith>[0]) =>
  layoutWith(preferences, INVOICE_SORTING);
const sortBy = (layout: GridLayout, field: string) => sortWith(layout, field, INVOICE_SORTING);
const toPreferenceRequest = (layout: GridLayout) => toRequestWith(layout, INVOICE_SORTING);

const fields = (layout: GridLayout) => layout.columns.map((column) => column.field);

describe('column layout', () => {
  it('reads order, shown columns, widths and the saved sort from the preferences', () => {
    const layout = layoutFromPreferences(
      buildColumnPreferences({ shown: ['dueDate', 'invNo'], sort: { field: 'dueDate', dir: 'desc' } }),
    );
    expect(fields(layout).slice(0, 2)).toEqual(['dueDate', 'invNo']);
    expect(layout.columns.filter((column) => column.visible).map((column) => column.field)).toEqual([
      'dueDate',
      'invNo',
    ]);
    expect(layout.sort).toEqual({ field: 'dueDate', dir: 'desc' });
    expect(layoutFromPreferences(buildColumnPreferences()).sort).toEqual(DEFAULT_SORT);
  });

  it('ignores a saved sort on a field the server cannot sort on', () => {
    const layout = layoutFromPreferences(buildColumnPreferences({ sort: { field: 'promise', dir: 'asc' } }));
    expect(layout.sort).toEqual(DEFAULT_SORT);
    expect(sortBy(layout, 'promise')).toBe(layout);
  });

  it('moves a column past the ones the user cannot see', () => {
    const layout = layoutFromPreferences(buildColumnPreferences());
    const hidesDisputed = (column: { field: string }) => column.field !== 'disputeAmount';
    const moved = moveColumn(layout, 'balance', 1, hidesDisputed);
    expect(fields(moved).slice(3, 7)).toEqual(['amount', 'promise', 'disputeAmount', 'balance']);
    expect(moveColumn(layout, 'invNo', -1, () => true)).toBe(layout);
  });

  it('keeps widths between 40 and 1200 and sends order and sort with the shown columns', () => {
    let layout = layoutFromPreferences(buildColumnPreferences());
    layout = resizeColumn(layout, 'invNo', 12);
    layout = resizeColumn(layout, 'amount', 5000);
    layout = sortBy(sortBy(layout, 'balance'), 'balance');
    const request = toPreferenceRequest(layout);
    expect(request.displayColumnPreference?.find((entry) => entry.field === 'invNo')?.width).toBe(40);
    expect(request.displayColumnPreference?.find((entry) => entry.field === 'amount')?.width).toBe(1200);
    expect(request.displayColumnPreference?.map((entry) => entry.field)).not.toContain('tranId');
    expect(request.allColumnPreference?.map((entry) => entry.order)).toEqual(
      layout.columns.map((_, index) => index),
    );
    expect(request.allColumnPreference?.filter((entry) => entry.sort)).toEqual([
      { field: 'balance', title: 'Balance', order: 4, sort: 'desc' },
    ]);
  });
});
