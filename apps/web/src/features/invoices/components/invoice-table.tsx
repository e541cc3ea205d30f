import { Checkbox, Table } from '@mantine/core';
import type { TInvoiceListResponse, TInvoiceRow } from '@settle/shared/invoices';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GridColumn, GridSort } from '../../../components/grid/column-layout';
import { formatFieldValue } from '../../../components/grid/format-field-value';
import { GridTable } from '../../../components/grid/grid-table';
import classes from '../../../components/grid/grid-table.module.css';
import { useFormatters } from '../../../lib/use-formatters';
import { INVOICE_SORTING } from './invoice-grid-config';
import { InvoiceTableRow } from './invoice-table-row';
import { ToolTips } from './tool-tips';

type Totals = NonNullable<TInvoiceListResponse['totals']>;
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
  const selectedOnPage = rows.filter((row) => selected.has(row.invNo)).length;
  const navigate = useNavigate();
  // Stable across renders: the memoised rows must not re-draw for a new function.
  const open = useCallback((path: string) => void navigate(path), [navigate]);

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
    <ToolTips>
      <GridTable
        testId="invoice-grid"
        drawName="invoices"
        rows={rows}
        columns={columns}
        sorting={INVOICE_SORTING}
        sort={sort}
        onSort={props.onSort}
        onResize={props.onResize}
        columnTitle={props.columnTitle}
        leading={{
          width: SELECT_COLUMN_WIDTH,
          header: (
            <Checkbox
              aria-label={t('selection.page')}
              data-testid="select-page"
              checked={rows.length > 0 && selectedOnPage === rows.length}
              indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
              disabled={rows.length === 0}
              onChange={(event) => props.onTogglePage(event.currentTarget.checked)}
              size="xs"
            />
          ),
        }}
        toolCount={props.toolCount}
        renderRow={(row) => (
          <InvoiceTableRow
            key={`${row.invNo}|${row.tranId}`}
            row={row}
            columns={columns}
            selected={selected.has(row.invNo)}
            busy={props.busyRows.has(row.invNo)}
            onToggleRow={props.onToggleRow}
            detailPath={props.detailPath}
            onOpen={open}
            renderTools={props.renderTools}
            today={props.today}
            t={t}
            formatters={formatters}
          />
        )}
        emptyText={t('grid.empty')}
        footer={props.totals ? totalsRow(props.totals) : undefined}
        busy={props.busy}
      />
    </ToolTips>
  );
}
