import { ActionIcon, Table, Tooltip } from '@mantine/core';
import type { TPaymentLogRow } from '@settle/shared/payment-logs';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '../../../components/grid/column-layout';
import { OpenIcon } from '../../../components/grid/grid-icons';
import classes from '../../../components/grid/grid-table.module.css';
import { gridValueCell, TD_CLASS } from '../../../components/grid/grid-value-cell';
import { useFormatters } from '../../../lib/use-formatters';
import { CODED_FIELDS } from '../lib/payment-log-labels';

/**
 * One row of the payment log grid. Memoised: its props keep their identity between the grid's
 * renders, so a page change re-draws the rows and nothing else does.
 */
export const PaymentLogTableRow = memo(function PaymentLogTableRow(props: {
  row: TPaymentLogRow;
  columns: GridColumn[];
  onOpen: (row: TPaymentLogRow) => void;
}) {
  const { t } = useTranslation('paymentLogs');
  const formatters = useFormatters();
  const { row } = props;

  const cell = (column: GridColumn) => {
    const value = (row as Record<string, unknown>)[column.field];
    if (CODED_FIELDS.has(column.field)) {
      const text = t(`values.${column.field}.${String(value)}`, { defaultValue: String(value) });
      return (
        <td
          key={column.field}
          className={`${TD_CLASS} ${classes.cell}`}
          title={text}
          data-field={column.field}
        >
          {text}
        </td>
      );
    }
    if (column.field === 'createdAt') {
      const text = formatters.dateTime(row.createdAt);
      return (
        <td
          key={column.field}
          className={`${TD_CLASS} ${classes.cell}`}
          title={text}
          data-field={column.field}
        >
          {text}
        </td>
      );
    }
    return gridValueCell(column, value, { formatters, t, currencyCode: row.currencyCode });
  };

  const label = t('grid.open', { id: row.paymentLogId });
  return (
    <Table.Tr data-testid={`payment-log-row-${row.paymentLogId}`}>
      {props.columns.map(cell)}
      <td className={TD_CLASS} />
      <td className={`${TD_CLASS} ${classes.toolCell}`}>
        <Tooltip label={label} openDelay={300}>
          <ActionIcon
            variant="subtle"
            aria-label={label}
            onClick={() => props.onOpen(row)}
            data-testid={`payment-log-open-${row.paymentLogId}`}
          >
            <OpenIcon size={18} />
          </ActionIcon>
        </Tooltip>
      </td>
    </Table.Tr>
  );
});
