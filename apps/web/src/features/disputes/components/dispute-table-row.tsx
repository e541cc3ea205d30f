import { ActionIcon, Table, Tooltip } from '@mantine/core';
import type { TDisputeRow } from '@settle/shared/disputes';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GridColumn } from '../../../components/grid/column-layout';
import { OpenIcon } from '../../../components/grid/grid-icons';
import classes from '../../../components/grid/grid-table.module.css';
import { gridValueCell, TD_CLASS } from '../../../components/grid/grid-value-cell';
import { useFormatters } from '../../../lib/use-formatters';
import { shownReason, statusCodeOf } from '../lib/dispute-labels';
import { disputePath } from '../lib/dispute-path';
import { DisputeNotesCell } from './dispute-notes-cell';

/**
 * One row of the dispute grid. Memoised: its props keep their identity between the grid's
 * renders, so a page change re-draws the rows and nothing else does.
 */
export const DisputeTableRow = memo(function DisputeTableRow(props: {
  row: TDisputeRow;
  columns: GridColumn[];
}) {
  const { t } = useTranslation('disputes');
  const formatters = useFormatters();
  const { row } = props;
  const textCell = (column: GridColumn, text: string) => (
    <td key={column.field} className={`${TD_CLASS} ${classes.cell}`} title={text} data-field={column.field}>
      {text}
    </td>
  );

  const cell = (column: GridColumn) => {
    switch (column.field) {
      case 'invNo':
        return textCell(column, row.invNo ?? t('grid.customerLevel'));
      case 'status':
        return textCell(column, t(`status.${statusCodeOf(row.statusCode)}`));
      case 'reasonDisplay':
        return textCell(column, shownReason(t, row.reasonDisplay));
      case 'notes':
        return (
          <td key={column.field} className={`${TD_CLASS} ${classes.cell}`} data-field={column.field}>
            <DisputeNotesCell probNo={row.probNo} notes={row.disputeNoteList} />
          </td>
        );
      default:
        return gridValueCell(column, (row as Record<string, unknown>)[column.field], {
          formatters,
          t,
          currencyCode: row.currencyCode,
        });
    }
  };

  const label = t('grid.open', { probNo: row.probNo });
  return (
    <Table.Tr data-testid={`dispute-row-${row.probNo}`}>
      {props.columns.map(cell)}
      <td className={TD_CLASS} />
      <td className={`${TD_CLASS} ${classes.toolCell}`}>
        <Tooltip label={label} openDelay={300}>
          <ActionIcon
            component={Link}
            to={disputePath(row)}
            variant="subtle"
            aria-label={label}
            data-testid={`dispute-open-${row.probNo}`}
          >
            <OpenIcon size={18} />
          </ActionIcon>
        </Tooltip>
      </td>
    </Table.Tr>
  );
});
