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

/** The payment log grid's exportable columns: every grid column, the shown ones by default. */
export const PAYMENT_LOG_EXPORT_GRID: ExportGrid = {
  fields: FIELDS,
  defaults: PAYMENT_LOG_COLUMNS.filter((column) => column.visible).map((column) => column.field),
  titleOf: (field) => PAYMENT_LOG_COLUMNS.find((column) => column.field === field)?.title ?? field,
  noun: 'payment log',
};
