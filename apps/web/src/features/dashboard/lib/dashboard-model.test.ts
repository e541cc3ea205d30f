import { changeStructure, defaultDashboard, type TDashboard, ZDashboard } from '@settle/shared/dashboard';
import { describe, expect, it } from 'vitest';
import {
  addWidget,
  canMove,
  moveWidget,
  moveWidgetToColumn,
  removeWidget,
  updateWidget,
} from './dashboard-model';

const ids = (dashboard: TDashboard) =>
  dashboard.rows.map((row) => row.columns.map((column) => column.widgets.map((widget) => widget.id)));

const start = defaultDashboard('Mine');
// [[summary]], [[due], [aging, disputes]]

describe('dashboard model', () => {
  it('adds at the top of the first column with an unused id, and removes', () => {
    const added = addWidget(addWidget(start, 'aging'), 'aging');
    expect(ids(added)[0]).toEqual([['aging-2', 'aging-1', 'summary']]);
    expect(ids(removeWidget(added, 'aging-1'))[0]).toEqual([['aging-2', 'summary']]);
    expect(ZDashboard.safeParse(added).success).toBe(true);
  });

  it('moves up and down within a column, and left and right across columns in reading order', () => {
    expect(ids(moveWidget(start, 'promises', 'up'))[1]).toEqual([['due'], ['promises', 'aging']]);
    expect(ids(moveWidget(start, 'aging', 'down'))[1]).toEqual([['due'], ['promises', 'aging']]);
    expect(ids(moveWidget(start, 'aging', 'left'))[1]).toEqual([['aging', 'due'], ['promises']]);
    // The end of the first row leads to the next row.
    expect(ids(moveWidget(start, 'summary', 'right'))).toEqual([
      [[]],
      [
        ['summary', 'due'],
        ['aging', 'promises'],
      ],
    ]);
  });

  it('refuses moves past the edges and leaves the dashboard as it was', () => {
    expect(canMove(start, 'summary', 'up')).toBe(false);
    expect(canMove(start, 'summary', 'left')).toBe(false);
    expect(canMove(start, 'promises', 'down')).toBe(false);
    expect(canMove(start, 'promises', 'right')).toBe(false);
    expect(moveWidget(start, 'promises', 'right')).toBe(start);
  });

  it('drops a dragged widget at the end of the target column', () => {
    expect(ids(moveWidgetToColumn(start, 'summary', { row: 1, column: 0 }))[1]).toEqual([
      ['due', 'summary'],
      ['aging', 'promises'],
    ]);
  });

  it('edits title and auto-refresh of one widget', () => {
    const edited = updateWidget(start, 'aging', { title: 'Ageing', refreshInterval: 5 });
    expect(edited.rows[1]?.columns[1]?.widgets[0]).toMatchObject({
      id: 'aging',
      title: 'Ageing',
      refreshInterval: 5,
    });
  });

  it('keeps every widget when the layout changes, dealt into the new columns in order', () => {
    const changed = changeStructure(start, '4-8');
    expect(ids(changed)).toEqual([
      [
        ['summary', 'aging'],
        ['due', 'promises'],
      ],
    ]);
    expect(ZDashboard.safeParse(changed).success).toBe(true);
    const three = changeStructure(start, '12/6-6/12');
    expect(ids(three)).toEqual([[['summary']], [['due'], ['aging']], [['promises']]]);
  });
});
