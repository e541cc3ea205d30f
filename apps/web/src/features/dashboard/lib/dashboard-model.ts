import type { TDashboard, TWidget, TWidgetType } from '@settle/shared/dashboard';

/** Where a widget sits: row, column, and its index in the column. */
export type WidgetPlace = { row: number; column: number; index: number };
export type MoveDirection = 'up' | 'down' | 'left' | 'right';

export function findWidget(dashboard: TDashboard, id: string): WidgetPlace | null {
  for (const [row, { columns }] of dashboard.rows.entries()) {
    for (const [column, { widgets }] of columns.entries()) {
      const index = widgets.findIndex((widget) => widget.id === id);
      if (index >= 0) return { row, column, index };
    }
  }
  return null;
}

/** Columns read row by row, left to right: the order "left" and "right" walk through. */
function columnOrder(dashboard: TDashboard): Array<{ row: number; column: number }> {
  return dashboard.rows.flatMap((row, rowIndex) =>
    row.columns.map((_, column) => ({ row: rowIndex, column })),
  );
}

function withColumns(dashboard: TDashboard, change: (columns: TWidget[][]) => void): TDashboard {
  const lists = dashboard.rows.map((row) => row.columns.map((column) => [...column.widgets]));
  const flat = lists.flat();
  change(flat);
  let next = 0;
  return {
    ...dashboard,
    rows: dashboard.rows.map((row) => ({
      columns: row.columns.map((column) => ({ ...column, widgets: flat[next++] ?? column.widgets })),
    })),
  };
}

function flatIndex(dashboard: TDashboard, place: { row: number; column: number }): number {
  return columnOrder(dashboard).findIndex(
    (entry) => entry.row === place.row && entry.column === place.column,
  );
}

/** A fresh id no widget of the dashboard has. */
export function newWidgetId(dashboard: TDashboard, type: TWidgetType): string {
  const taken = new Set(
    dashboard.rows.flatMap((row) => row.columns.flatMap((column) => column.widgets.map((w) => w.id))),
  );
  let n = 1;
  while (taken.has(`${type}-${n}`)) n += 1;
  return `${type}-${n}`;
}

/** Adds a widget at the top of the first column, where the user is looking. */
export function addWidget(dashboard: TDashboard, type: TWidgetType): TDashboard {
  const widget: TWidget = {
    id: newWidgetId(dashboard, type),
    type,
    title: '',
    config: {},
    refreshInterval: 0,
  };
  return withColumns(dashboard, (columns) => {
    columns[0]?.unshift(widget);
  });
}

export function removeWidget(dashboard: TDashboard, id: string): TDashboard {
  return withColumns(dashboard, (columns) => {
    for (const column of columns) {
      const index = column.findIndex((widget) => widget.id === id);
      if (index >= 0) column.splice(index, 1);
    }
  });
}

export function updateWidget(
  dashboard: TDashboard,
  id: string,
  changes: Partial<Omit<TWidget, 'id' | 'type'>>,
): TDashboard {
  return withColumns(dashboard, (columns) => {
    for (const column of columns) {
      const index = column.findIndex((widget) => widget.id === id);
      const current = column[index];
      if (current) column[index] = { ...current, ...changes };
    }
  });
}

/**
 * Whether a move can happen: up and down within the column; left and right to the previous
 * or next column in reading order (the end of one row leads to the next row).
 */
export function canMove(dashboard: TDashboard, id: string, direction: MoveDirection): boolean {
  const place = findWidget(dashboard, id);
  if (!place) return false;
  const size = dashboard.rows[place.row]?.columns[place.column]?.widgets.length ?? 0;
  const at = flatIndex(dashboard, place);
  switch (direction) {
    case 'up':
      return place.index > 0;
    case 'down':
      return place.index < size - 1;
    case 'left':
      return at > 0;
    case 'right':
      return at < columnOrder(dashboard).length - 1;
  }
}

/** Moves a widget one step; a move into another column puts it at the top of that column. */
export function moveWidget(dashboard: TDashboard, id: string, direction: MoveDirection): TDashboard {
  if (!canMove(dashboard, id, direction)) return dashboard;
  const place = findWidget(dashboard, id);
  if (!place) return dashboard;
  const at = flatIndex(dashboard, place);
  return withColumns(dashboard, (columns) => {
    const column = columns[at];
    if (!column) return;
    const [widget] = column.splice(place.index, 1);
    if (!widget) return;
    if (direction === 'up' || direction === 'down') {
      column.splice(place.index + (direction === 'up' ? -1 : 1), 0, widget);
    } else {
      columns[at + (direction === 'left' ? -1 : 1)]?.unshift(widget);
    }
  });
}

/** Drag and drop: a widget dropped on a column goes to its end. */
export function moveWidgetToColumn(
  dashboard: TDashboard,
  id: string,
  target: { row: number; column: number },
): TDashboard {
  const place = findWidget(dashboard, id);
  const to = flatIndex(dashboard, target);
  if (!place || to < 0) return dashboard;
  return withColumns(dashboard, (columns) => {
    const [widget] = columns[flatIndex(dashboard, place)]?.splice(place.index, 1) ?? [];
    if (widget) columns[to]?.push(widget);
  });
}
