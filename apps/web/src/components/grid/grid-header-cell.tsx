import { Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GridColumn, GridSort, GridSorting } from './column-layout';
import { ColumnResizeHandle } from './column-resize-handle';
import { SortAscIcon, SortDescIcon, SortNoneIcon } from './grid-icons';
import classes from './grid-table.module.css';

/** A column header: its title, a sort button when the server sorts on it, and the resize handle. */
export function GridHeaderCell(props: {
  column: GridColumn;
  title: string;
  sorting: GridSorting;
  sort: GridSort;
  onSort: (field: string) => void;
  onResize: (field: string, width: number) => void;
}) {
  const { t } = useTranslation('grid');
  const { column, title, sort } = props;
  const sortable = props.sorting.isSortable(column.field);
  const active = sort.field === props.sorting.sortFieldOf(column.field);
  const ariaSort = !sortable
    ? undefined
    : active
      ? sort.dir === 'asc'
        ? 'ascending'
        : 'descending'
      : 'none';
  return (
    <Table.Th
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
          title={t('sortBy', { column: title })}
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
        label={t('resize', { column: title })}
        onResize={(width) => props.onResize(column.field, width)}
        testId={`resize-${column.field}`}
        className={classes.resizeHandle}
      />
    </Table.Th>
  );
}
