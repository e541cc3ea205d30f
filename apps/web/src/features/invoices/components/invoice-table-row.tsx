import { Table } from '@mantine/core';
import type { TInvoiceRow } from '@settle/shared/invoices';
import type { TFunction } from 'i18next';
import { type MouseEvent, memo, type ReactNode } from 'react';
import type { GridColumn } from '../../../components/grid/column-layout';
import gridClasses from '../../../components/grid/grid-table.module.css';
import { gridValueCell, TD_CLASS } from '../../../components/grid/grid-value-cell';
import type { Formatters } from '../../../lib/use-formatters';
import classes from './invoice-grid.module.css';
import { invoiceRowMarks } from './invoice-row-marks';

export interface InvoiceTableRowProps {
  row: TInvoiceRow;
  columns: GridColumn[];
  selected: boolean;
  /** The row's cart call is under way (its add-to-cart button spins). */
  busy: boolean;
  onToggleRow: (row: TInvoiceRow, selected: boolean) => void;
  detailPath: (row: TInvoiceRow) => string;
  /** Opens a path in the app (the router's navigate, taken once by the table rather than per row). */
  onOpen: (path: string) => void;
  renderTools: (row: TInvoiceRow, busy: boolean) => ReactNode;
  /** The server's today, for the overdue and coming-due marks. */
  today?: string;
  /** The table's (invoices namespace) and its formatters: a hook per row would subscribe 50 times. */
  t: TFunction<'invoices'>;
  formatters: Formatters;
}

/**
 * One grid row. Memoised: ticking a box or a cart call re-draws that row, not the page, so
 * every prop must be stable across the grid's renders (the grid keeps its callbacks so).
 * Plain HTML with Mantine's classes and CSS throughout (the row, its cells, its checkbox, its
 * link, its marks; the tool buttons too): a component per cell was most of the time of drawing
 * a page of 50 rows (npm run bench:web).
 */
/** Mantine's row class on a plain <tr>: the table's striping and hover without a component per row. */
const TR_CLASS = Table.classes.tr;

export const InvoiceTableRow = memo(function InvoiceTableRow(props: InvoiceTableRowProps) {
  const { row, selected, t, formatters } = props;
  const path = props.detailPath(row);
  const open = (event: MouseEvent) => {
    // A plain click stays in the app; a modified one (new tab, new window) is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.onOpen(path);
  };

  const cell = (column: GridColumn) => {
    if (column.field === 'invNo') {
      return (
        <td key={column.field} className={`${TD_CLASS} ${gridClasses.cell}`} data-field={column.field}>
          <span className={classes.invNoCell}>
            <a href={path} onClick={open} data-testid={`invoice-link-${row.invNo}`}>
              {row.invNo}
            </a>
            {invoiceRowMarks({ invoice: row, today: props.today, t, date: formatters.date })}
          </span>
        </td>
      );
    }
    return gridValueCell(column, (row as Record<string, unknown>)[column.field], {
      formatters,
      t,
      currencyCode: row.tranCurrencyCode,
    });
  };

  return (
    <tr
      className={selected ? `${TR_CLASS} ${classes.selectedRow}` : TR_CLASS}
      data-testid={`invoice-row-${row.invNo}`}
    >
      <td className={TD_CLASS}>
        <input
          type="checkbox"
          className={classes.checkbox}
          aria-label={t('selection.row', { invNo: row.invNo })}
          data-testid={`select-row-${row.invNo}`}
          checked={selected}
          onChange={(event) => props.onToggleRow(row, event.currentTarget.checked)}
        />
      </td>
      {props.columns.map(cell)}
      <td className={TD_CLASS} />
      {props.renderTools(row, props.busy)}
    </tr>
  );
});
