import { isCalendarDate, utcMidnight } from '@settle/shared/calendar-date';
import type { TInvoiceRow } from '@settle/shared/invoices';
import { badRequest } from '../../lib/app-error';
import { INVOICE_COLUMNS } from '../invoices/invoice-columns';
import { type FieldType, INVOICE_FIELDS } from '../invoices/invoice-fields';

/** The invoice grid's visible columns: what an export holds unless `columns` says otherwise. */
export const DEFAULT_EXPORT_COLUMNS = [
  'invNo',
  'invoiceDate',
  'dueDate',
  'amount',
  'balance',
  'disputeAmount',
  'promise',
  'poNumber',
] as const;

type RowField = keyof TInvoiceRow & keyof typeof INVOICE_FIELDS;

export type ExportColumn = {
  field: RowField;
  title: string;
  type: FieldType;
  /** Width in characters (Excel's unit); the grid PDF uses it as a relative weight. */
  width: number;
};

export type CellValue = string | number | Date | null;

/** Titles of fields the grid's column list does not name. */
const EXTRA_TITLES: Record<string, string> = { tranBal: 'Transaction balance' };

const TYPE_WIDTHS: Record<FieldType, number> = {
  string: 16,
  integer: 10,
  number: 12,
  currency: 16,
  date: 12,
  datetime: 18,
  boolean: 10,
  enum: 12,
};

function columnOf(field: RowField): ExportColumn {
  const type = INVOICE_FIELDS[field]!.type;
  const title =
    INVOICE_COLUMNS.find((column) => column.field === field)?.title ?? EXTRA_TITLES[field] ?? field;
  return { field, title, type, width: Math.max(TYPE_WIDTHS[type], title.length + 8) };
}

function isRowField(name: string): name is RowField {
  return Object.hasOwn(INVOICE_FIELDS, name);
}

/**
 * The `columns` query (comma-separated field names) as export columns, in the order
 * given; only the invoice fields a filter or the grid can name are allowed.
 */
export function parseExportColumns(text: string | undefined): ExportColumn[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return DEFAULT_EXPORT_COLUMNS.map(columnOf);
  const unknown = names.filter((name) => !isRowField(name));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown export column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Choose from ${Object.keys(INVOICE_FIELDS).join(', ')}.`,
      [{ field: 'querystring.columns', message: `Not an invoice field: ${unknown.join(', ')}` }],
    );
  }
  return [...new Set(names)].filter(isRowField).map(columnOf);
}

/** A column header; amounts name their currency, since the cells hold bare numbers. */
export function columnHeader(column: ExportColumn, currencyCode: string): string {
  return column.type === 'currency' ? `${column.title} (${currencyCode})` : column.title;
}

/** 'YYYY-MM-DD' -> that calendar day at UTC midnight, which spreadsheet writers store as a whole day. */
export function toCalendarDate(isoDate: string): Date | null {
  const date = isoDate.slice(0, 10);
  return isCalendarDate(date) ? utcMidnight(date) : null;
}

/** The typed value of a cell: numbers for amounts, dates for dates, Yes/No for flags. */
export function cellValue(column: ExportColumn, row: TInvoiceRow): CellValue {
  const value = row[column.field];
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'currency':
    case 'number':
    case 'integer':
      // The spreadsheet stores doubles anyway; 2-decimal amounts of numeric(14,2) convert exactly enough.
      return Number(value);
    case 'date':
    case 'datetime':
      return toCalendarDate(String(value));
    case 'boolean':
      return value === true || value === 'true' ? 'Yes' : 'No';
    default:
      return String(value);
  }
}
