import { DISPUTE_COLUMNS } from '@settle/shared/disputes';
import type { FieldType } from '../invoices/invoice-fields';
import type { ExportGrid } from './export-columns';

const FIELDS: Record<string, { type: FieldType }> = {
  probNo: { type: 'integer' },
  invNo: { type: 'string' },
  invoiceDate: { type: 'date' },
  dueDate: { type: 'date' },
  originalAmount: { type: 'currency' },
  disputedAmount: { type: 'currency' },
  status: { type: 'string' },
  reasonDisplay: { type: 'string' },
  createdOn: { type: 'date' },
};

/**
 * The dispute grid's exportable columns; without TR_USER.ALLOW_PROB_VIEW the disputed amount is
 * not one. The status is shown in words from its code, as the grid shows it.
 */
export function disputeExportGrid(canViewAmounts: boolean): ExportGrid {
  const fields = Object.fromEntries(
    Object.entries(FIELDS).filter(([field]) => canViewAmounts || field !== 'disputedAmount'),
  );
  return {
    name: 'disputes',
    fields,
    defaults: DISPUTE_COLUMNS.filter((column) => column.visible && Object.hasOwn(fields, column.field)).map(
      (column) => column.field,
    ),
    coded: (texts) => ({ status: { words: texts.values.disputeStatus, from: 'statusCode' } }),
    noun: 'dispute',
  };
}
