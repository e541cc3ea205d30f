import { PAYMENT_LOG_COLUMNS } from '@settle/shared/payment-logs';
import type { FieldType } from '../invoices/invoice-fields';
import type { ExportGrid } from './export-columns';

const FIELDS: Record<string, { type: FieldType }> = Object.fromEntries(
  PAYMENT_LOG_COLUMNS.map((column) => [
    column.field,
    // Cells hold the day of the payment: a spreadsheet date sorts and filters as one.
    { type: (column.dataType === 'datetime' ? 'date' : column.dataType) as FieldType },
  ]),
);

/**
 * The payment log grid's exportable columns: every grid column, the shown ones by default; the
 * status, method and type are shown in words, as the grid shows them.
 */
export const PAYMENT_LOG_EXPORT_GRID: ExportGrid = {
  name: 'paymentLogs',
  fields: FIELDS,
  defaults: PAYMENT_LOG_COLUMNS.filter((column) => column.visible).map((column) => column.field),
  coded: (texts) => ({
    status: { words: texts.values.paymentStatus },
    methodType: { words: texts.values.methodType },
    transactionType: { words: texts.values.transactionType },
  }),
  noun: 'payment log',
};
