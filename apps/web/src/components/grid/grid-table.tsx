import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeasureDraw } from '../../lib/draw-timing';
import { type GridColumn, type GridSort, type GridSorting, TOOL_COLUMN_WIDTH } from './column-layout';
import { GridHeaderCell } from './grid-header-cell';

export interface GridTableProps<Row> {
  testId: string;
  /** The name its draw time is measured under (`npm run bench`). */
  drawName: string;
  rows: Row[];
  columns: GridColumn[];
  sorting: GridSorting;
  sort: GridSort;
  onSort: (field: string) => void;
  onResize: (field: string, width: number) => void;
  columnTitle: (column: GridColumn) => string;
  /** A column before the data columns (the invoices' selection box): its width and header. */
  leading?: { width: number; header: ReactNode };
  /** The tool-button columns after the data, 40 px each. */
  toolCount: number;
  /** Draws one row: a memoised row component whose props keep their identity between renders. */
  renderRow: (row: Row) => ReactNode;
  /** Shown when there are no rows (and nothing is loading). */
  emptyText: string;
  footer?: ReactNode;
  busy: boolean;
}

/**
 * The grids' table: the user's column widths (fixed layout, a filler column taking the rest),
 * sortable and resizable headers, the tool columns, an empty state and an optional footer.
 * The rows are the feature's own memoised components.
 */
export function GridTable<Row>(props: GridTableProps<Row>) {
  const { t } = useTranslation('grid');
  const { rows, columns } = props;
  useMeasureDraw(props.drawName, rows);
  const leadingWidth = props.leading?.width ?? 0;
  const minWidth =
    leadingWidth +
    columns.reduce((sum, column) => sum + column.width, 0) +
    props.toolCount * TOOL_COLUMN_WIDTH;

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        layout="fixed"
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        verticalSpacing={6}
        fz="sm"
        data-testid={props.testId}
        aria-busy={props.busy || undefined}
        aria-rowcount={rows.length}
        style={{ opacity: props.busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <colgroup>
          {props.leading ? <col style={{ width: leadingWidth }} /> : null}
          {columns.map((column) => (
            <col key={column.field} style={{ width: column.width }} />
          ))}
          {/* Takes the room left over, so the columns keep the widths the user gave them. */}
          <col />
          {Array.from({ length: props.toolCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the tool columns are positional
            <col key={index} style={{ width: TOOL_COLUMN_WIDTH }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            {props.leading ? (
              <Table.Th style={{ width: leadingWidth }}>{props.leading.header}</Table.Th>
            ) : null}
            {columns.map((column) => (
              <GridHeaderCell
                key={column.field}
                column={column}
                title={props.columnTitle(column)}
                sorting={props.sorting}
                sort={props.sort}
                onSort={props.onSort}
                onResize={props.onResize}
              />
            ))}
            <Table.Th aria-hidden="true" />
            {props.toolCount > 0 ? (
              <Table.Th colSpan={props.toolCount} style={{ textAlign: 'center' }}>
                {props.toolCount > 1 ? (
                  <Text span size="xs" c="dimmed">
                    {t('actions')}
                  </Text>
                ) : (
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                )}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={(props.leading ? 2 : 1) + columns.length + props.toolCount}>
                <Text c="dimmed" ta="center" py="lg" data-testid="grid-empty">
                  {props.busy ? t('loading') : props.emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map(props.renderRow)
          )}
        </Table.Tbody>
        {props.footer && rows.length > 0 ? <Table.Tfoot>{props.footer}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}
