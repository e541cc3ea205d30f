import { PAYMENT_LOG_SORT_FIELDS } from '@settle/shared/payment-logs';
import { gridSorting } from '../../../components/grid/column-layout';
import type { GridExportTarget } from '../../../components/grid/export-file';
import type { GridColumnsApi } from '../../../components/grid/grid-columns-api';

/** The server's allow-list; without a choice, the newest payments first (the list call's default). */
export const PAYMENT_LOG_SORTING = gridSorting(PAYMENT_LOG_SORT_FIELDS, { field: 'createdAt', dir: 'desc' });
export const PAYMENT_LOG_COLUMNS_API: GridColumnsApi = {
  path: '/payment/log/columns',
  queryKey: ['paymentLogs', 'columns'],
};
export const PAYMENT_LOG_EXPORT: GridExportTarget = {
  path: '/payment/logs/export',
  fallbackName: 'payments',
};
