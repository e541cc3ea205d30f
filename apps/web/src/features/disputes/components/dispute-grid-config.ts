import { DISPUTE_SORT_FIELDS } from '@settle/shared/disputes';
import { gridSorting } from '../../../components/grid/column-layout';
import type { GridExportTarget } from '../../../components/grid/export-file';
import type { GridColumnsApi } from '../../../components/grid/grid-columns-api';

/**
 * The server's allow-list; without a choice, the newest disputes first (the list call's default).
 * The status and reason columns show names but sort on their codes.
 */
export const DISPUTE_SORTING = gridSorting(
  DISPUTE_SORT_FIELDS,
  { field: 'createdOn', dir: 'desc' },
  { status: 'statusCode', reasonDisplay: 'reasonCode' },
);
export const DISPUTE_COLUMNS_API: GridColumnsApi = {
  path: '/dispute/columns',
  queryKey: ['disputes', 'columns'],
};
export const DISPUTE_EXPORT: GridExportTarget = { path: '/disputes/export', fallbackName: 'disputes' };
