import { Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TInvoiceListResponse, TInvoiceRow } from '@settle/shared/invoices';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeasureDraw } from '../../../lib/draw-timing';
import { useFormatters } from '../../../lib/use-formatters';
import { SortAscIcon, SortDescIcon, SortNoneIcon } from './action-icons';
import { type GridColumn, type GridSort, isSortable, TOOL_COLUMN_WIDTH } from './column-layout';
import { ColumnResizeHandle } from './column-resize-handle';
import { formatFieldValue } from './format-field-value';
import classes from './invoice-grid.module.css';
import { InvoiceTableRow } from './invoice-table-row';

type Totals = TInvoiceListResponse['totals'];
const TOTAL_FIELDS = new Set(['amount', 'balance', 'disputeAmount', 'paidAmount']);
const SELECT_COLUMN_WIDTH = 40;

export interface InvoiceTableProps {
  rows: TInvoiceRow[];
  columns: GridColumn[];
  sort: GridSort;
  onSort: (field: string) => void;
  onResize: (field: string, width: number) => void;
  selected: ReadonlySet<string>;
  onToggleRow: (row: TInvoiceRow, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
  /** The tool-button columns (dispute, promise, print, cart), 40 px each. */
  toolCount: number;
  renderTools: (row: TInvoiceRow, busy: boolean) => ReactNode;
  /** Rows whose cart call is under way. */
  busyRows: ReadonlySet<string>;
  totals: Totals | null;
  currencyCode: string;
  detailPath: (row: TInvoiceRow) => string;
  columnTitle: (column: GridColumn) => string;
  busy: boolean;
  /** The server's today, for the overdue and coming-due marks. */
  today?: string;
}

export function InvoiceTable(props: InvoiceTableProps) {
  const { t } = useTranslation('invoices');
  const formatters = useFormatters();
  const { rows, columns, sort, selected } = props;
  useMeasureDraw('invoices', rows);
  const selectedOnPage = rows.filter((row) => selected.has(row.invNo)).length;
  const minWidth =
    SELECT_COLUMN_WIDTH +
    columns.reduce((sum, column) => sum + column.width, 0) +
    props.toolCount * TOOL_COLUMN_WIDTH;

  const header = (column: GridColumn) => {
    const title = props.columnTitle(column);
    const sortable = isSortable(column.field);
    const active = sort.field === column.field;
    const ariaSort = !sortable
      ? undefined
      : active
        ? sort.dir === 'asc'
          ? 'ascending'
          : 'descending'
        : 'none';
    return (
      <Table.Th
        key={column.field}
        className={classes.headerCell}
        aria-sort={ariaSort}
        data-testid={`column-header-${column.field}`}
        style={{ width: column.width }}
      >
        {sortable ? (
          <UnstyledButton
            className={classes.sortButton}
            onClick={() => props.onSort(column.field)}
            data-testid={`sort-${column.field}`}
            title={t('grid.sortBy', { column: title })}
          >
            <span className={classes.headerTitle}>{title}</span>
            {active ? (
              sort.dir === 'asc' ? (
                <SortAscIcon size={14} />
              ) : (
                <SortDescIcon size={14} />
              )
            ) : (
              <SortNoneIcon size={14} />
            )}
          </UnstyledButton>
        ) : (
          <span className={classes.headerTitle}>{title}</span>
        )}
        <ColumnResizeHandle
          width={column.width}
          label={t('grid.resize', { column: title })}
          onResize={(width) => props.onResize(column.field, width)}
          testId={`resize-${column.field}`}
          className={classes.resizeHandle}
        />
      </Table.Th>
    );
  };

  const totalsRow = (totals: Totals) => {
    const firstTotal = columns.findIndex((column) => TOTAL_FIELDS.has(column.field));
    // The label spans the selection column and the columns before the first total.
    const leading = firstTotal < 0 ? columns.length : firstTotal;
    const label = (
      <span data-testid="total-count">
        {t('grid.totals', { count: totals.count, formatted: formatters.n0(totals.count) })}
      </span>
    );
    return (
      <Table.Tr className={classes.totalsRow} data-testid="grid-totals">
        <Table.Td colSpan={1 + leading} className={classes.cell}>
          {leading > 0 ? label : null}
        </Table.Td>
        {columns.slice(leading).map((column) => {
          if (!TOTAL_FIELDS.has(column.field)) return <Table.Td key={column.field} />;
          const amount = totals[column.field as 'amount' | 'balance' | 'disputeAmount' | 'paidAmount'];
          const formatted = formatFieldValue(amount, 'currency', {
            formatters,
            t,
            currencyCode: props.currencyCode,
          });
          return (
            <Table.Td
              key={column.field}
              className={[classes.cell, classes.numeric, formatted.negative ? classes.negative : ''].join(
                ' ',
              )}
              data-testid={`total-${column.field}`}
            >
              {formatted.text}
            </Table.Td>
          );
        })}
        <Table.Td className={classes.cell}>{leading > 0 ? null : label}</Table.Td>
        {props.toolCount > 0 ? <Table.Td colSpan={props.toolCount} /> : null}
      </Table.Tr>
    );
  };

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
        data-testid="invoice-grid"
        aria-busy={props.busy || undefined}
        aria-rowcount={rows.length}
        style={{ opacity: props.busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <colgroup>
          <col style={{ width: SELECT_COLUMN_WIDTH }} />
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
            <Table.Th style={{ width: SELECT_COLUMN_WIDTH }}>
              <Checkbox
                aria-label={t('selection.page')}
                data-testid="select-page"
                checked={rows.length > 0 && selectedOnPage === rows.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                disabled={rows.length === 0}
                onChange={(event) => props.onTogglePage(event.currentTarget.checked)}
                size="xs"
              />
            </Table.Th>
            {columns.map(header)}
            <Table.Th aria-hidden="true" />
            {props.toolCount > 0 ? (
              <Table.Th colSpan={props.toolCount} style={{ textAlign: 'center' }}>
                {props.toolCount > 1 ? (
                  <Text span size="xs" c="dimmed">
                    {t('grid.actions')}
                  </Text>
                ) : (
                  <VisuallyHidden>{t('grid.actions')}</VisuallyHidden>
                )}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2 + columns.length + props.toolCount}>
                <Text c="dimmed" ta="center" py="lg" data-testid="grid-empty">
                  {props.busy ? t('grid.loading') : t('grid.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <InvoiceTableRow
                key={`${row.invNo}|${row.tranId}`}
                row={row}
                columns={columns}
                selected={selected.has(row.invNo)}
                busy={props.busyRows.has(row.invNo)}
                onToggleRow={props.onToggleRow}
                detailPath={props.detailPath}
                renderTools={props.renderTools}
                today={props.today}
                t={t}
                formatters={formatters}
              />
            ))
          )}
        </Table.Tbody>
        {props.totals && rows.length > 0 ? <Table.Tfoot>{totalsRow(props.totals)}</Table.Tfoot> : null}
      </Table>
    </Table.ScrollContainer>
  );
}
