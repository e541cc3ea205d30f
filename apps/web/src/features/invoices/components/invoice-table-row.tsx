import { Checkbox, Table } from '@mantine/core';
import type { TInvoiceRow } from '@settle/shared/invoices';
import type { TFunction } from 'i18next';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { GridColumn } from '../../../components/grid/column-layout';
import gridClasses from '../../../components/grid/grid-table.module.css';
import { gridValueCell, TD_CLASS } from '../../../components/grid/grid-value-cell';
import type { Formatters } from '../../../lib/use-formatters';
import classes from './invoice-grid.module.css';
import { InvoiceMarkBadges } from './invoice-mark-badges';

export interface InvoiceTableRowProps {
  row: TInvoiceRow;
  columns: GridColumn[];
  selected: boolean;
  /** The row's cart call is under way (its add-to-cart button spins). */
  busy: boolean;
  onToggleRow: (row: TInvoiceRow, selected: boolean) => void;
  detailPath: (row: TInvoiceRow) => string;
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
 * Cells are plain <td> elements with Mantine's class, since the styled Table.Td cost a
 * component per cell; the row keeps Table.Tr for the striping and hover of the table.
 */
export const InvoiceTableRow = memo(function InvoiceTableRow(props: InvoiceTableRowProps) {
  const { row, selected, t, formatters } = props;

  const cell = (column: GridColumn) => {
    if (column.field === 'invNo') {
      return (
        <td key={column.field} className={`${TD_CLASS} ${gridClasses.cell}`} data-field={column.field}>
          <span className={classes.invNoCell}>
            <Link to={props.detailPath(row)} data-testid={`invoice-link-${row.invNo}`}>
              {row.invNo}
            </Link>
            <InvoiceMarkBadges invoice={row} today={props.today} compact />
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
    <Table.Tr
      data-testid={`invoice-row-${row.invNo}`}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <td className={TD_CLASS}>
        <Checkbox
          aria-label={t('selection.row', { invNo: row.invNo })}
          data-testid={`select-row-${row.invNo}`}
          checked={selected}
          onChange={(event) => props.onToggleRow(row, event.currentTarget.checked)}
          size="xs"
        />
      </td>
      {props.columns.map(cell)}
      <td className={TD_CLASS} />
      {props.renderTools(row, props.busy)}
    </Table.Tr>
  );
});
