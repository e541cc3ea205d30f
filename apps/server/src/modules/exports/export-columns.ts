import { isCalendarDate, utcMidnight } from '@settle/shared/calendar-date';
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

/** A row as an export reads it: a grid row of any list, by field name. */
export type ExportRow = Readonly<Record<string, unknown>>;

/** What an exportable grid offers: its fields with their types, the default columns, the titles. */
export type ExportGrid = {
  fields: Readonly<Record<string, { type: FieldType }>>;
  defaults: readonly string[];
  titleOf: (field: string) => string;
  /** Named in the refusal of an unknown column ("Not an invoice field"). */
  noun: string;
};

export type ExportColumn = {
  field: string;
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

export const INVOICE_EXPORT_GRID: ExportGrid = {
  fields: INVOICE_FIELDS,
  defaults: DEFAULT_EXPORT_COLUMNS,
  titleOf: (field) =>
    INVOICE_COLUMNS.find((column) => column.field === field)?.title ?? EXTRA_TITLES[field] ?? field,
  noun: 'invoice',
};

function columnOf(grid: ExportGrid, field: string): ExportColumn {
  const type = grid.fields[field]!.type;
  const title = grid.titleOf(field);
  return { field, title, type, width: Math.max(TYPE_WIDTHS[type], title.length + 8) };
}

/**
 * The `columns` query (comma-separated field names) as export columns, in the order
 * given; only the invoice fields a filter or the grid can name are allowed.
 */
export function parseExportColumns(
  text: string | undefined,
  grid: ExportGrid = INVOICE_EXPORT_GRID,
): ExportColumn[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return grid.defaults.map((field) => columnOf(grid, field));
  const unknown = names.filter((name) => !Object.hasOwn(grid.fields, name));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown export column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Choose from ${Object.keys(grid.fields).join(', ')}.`,
      [{ field: 'querystring.columns', message: `Not an ${grid.noun} field: ${unknown.join(', ')}` }],
    );
  }
  return [...new Set(names)].map((field) => columnOf(grid, field));
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
export function cellValue(column: ExportColumn, row: ExportRow): CellValue {
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
