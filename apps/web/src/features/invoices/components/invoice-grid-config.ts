import { INVOICE_SORT_FIELDS } from '@settle/shared/invoices';
import { gridSorting } from '../../../components/grid/column-layout';
import type { GridExportTarget } from '../../../components/grid/export-file';
import type { GridColumnsApi } from '../../../components/grid/grid-columns-api';

/** The server sorts on its allow-list; without a choice, the invoices that fall due first. */
export const INVOICE_SORTING = gridSorting(INVOICE_SORT_FIELDS, { field: 'dueDate', dir: 'asc' });
export const INVOICE_COLUMNS_API: GridColumnsApi = {
  path: '/invoices/columns',
  queryKey: ['invoices', 'columns'],
};
export const INVOICE_EXPORT: GridExportTarget = { path: '/invoices/export', fallbackName: 'invoices' };
