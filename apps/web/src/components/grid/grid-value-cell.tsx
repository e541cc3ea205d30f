import { Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Formatters } from '../../lib/use-formatters';
import type { GridColumn } from './column-layout';
import { formatFieldValue } from './format-field-value';
import classes from './grid-table.module.css';

/** Mantine's cell class on a plain <td>: the same look without a styled component per cell. */
export const TD_CLASS = Table.classes.td;

/**
 * A plain cell of a memoised grid row: the value formatted by its column's data type. A function,
 * not a component: a component (and its hooks) per cell is what the grid rows avoid.
 */
export function gridValueCell(
  column: GridColumn,
  value: unknown,
  options: { formatters: Formatters; t: TFunction; currencyCode: string },
) {
  const formatted = formatFieldValue(value, column.dataType, options);
  const className = [
    TD_CLASS,
    classes.cell,
    formatted.numeric ? classes.numeric : '',
    formatted.negative ? classes.negative : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <td key={column.field} className={className} title={formatted.text} data-field={column.field}>
      {formatted.text}
    </td>
  );
}
