import { isCalendarDate, utcMidnight } from '@settle/shared/calendar-date';
import { badRequest } from '../../lib/app-error';
import { type ExportGridName, type ExportTexts, textOf } from '../documents/document-texts';
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

/**
 * What an exportable grid offers: its fields with their types and the default columns. The
 * columns' titles are the documents' texts (document-texts.ts), keyed by the grid's name and
 * the fields' names; a field whose cells hold a code is shown in words, as the grid shows it.
 */
export type ExportGrid = {
  name: ExportGridName;
  fields: Readonly<Record<string, { type: FieldType }>>;
  defaults: readonly string[];
  /** The fields whose cells are codes shown as words: the words, and the row field holding the code. */
  coded?: (texts: ExportTexts) => Readonly<Record<string, CodedField>>;
  /** Named in the refusal of an unknown column ("Not an invoice field"). */
  noun: string;
};

/**
 * A coded cell's words by code; the code is read from `from` (the column's own field by
 * default). A flag's words are keyed true and false, and anything but true reads false.
 */
export type CodedField = { words: Readonly<Record<string, string>>; from?: string; flag?: true };

export type ExportColumn = {
  field: string;
  title: string;
  type: FieldType;
  /** Width in characters (Excel's unit); the grid PDF uses it as a relative weight. */
  width: number;
  /** A cell of codes (a status, a flag): its words in the reader's language. */
  coded?: CodedField;
};

export type CellValue = string | number | Date | null;

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
  name: 'invoices',
  fields: INVOICE_FIELDS,
  defaults: DEFAULT_EXPORT_COLUMNS,
  noun: 'invoice',
};

/** A column's title in the reader's language; a field without one (never, a test sees to it) shows its name. */
export function columnTitle(texts: ExportTexts, grid: ExportGrid, field: string): string {
  const titles = texts.columns[grid.name];
  return Object.hasOwn(titles, field) ? titles[field]! : field;
}

function columnOf(grid: ExportGrid, texts: ExportTexts, field: string): ExportColumn {
  const type = grid.fields[field]!.type;
  const title = columnTitle(texts, grid, field);
  const coded =
    grid.coded?.(texts)[field] ??
    (type === 'boolean' ? { words: { true: texts.yes, false: texts.no }, flag: true as const } : undefined);
  return {
    field,
    title,
    type,
    width: Math.max(TYPE_WIDTHS[type], title.length + 8),
    ...(coded ? { coded } : {}),
  };
}

/**
 * The `columns` query (comma-separated field names) as export columns, in the order
 * given, titled in the reader's language (`texts`); only the fields a filter or the grid
 * can name are allowed.
 */
export function parseExportColumns(
  text: string | undefined,
  grid: ExportGrid,
  texts: ExportTexts,
): ExportColumn[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return grid.defaults.map((field) => columnOf(grid, texts, field));
  const unknown = names.filter((name) => !Object.hasOwn(grid.fields, name));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown export column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Choose from ${Object.keys(grid.fields).join(', ')}.`,
      [{ field: 'querystring.columns', message: `Not an ${grid.noun} field: ${unknown.join(', ')}` }],
    );
  }
  return [...new Set(names)].map((field) => columnOf(grid, texts, field));
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

/** A coded cell's words: the code looked up in the column's words; a code without words is shown as stored. */
export function codedText(coded: CodedField, row: ExportRow, field: string): string | null {
  const code = row[coded.from ?? field];
  if (code === null || code === undefined) return null;
  if (coded.flag) return textOf(coded.words, code === true || code === 'true' ? 'true' : 'false');
  return textOf(coded.words, String(code));
}

/** The typed value of a cell: numbers for amounts, dates for dates, words for codes and flags. */
export function cellValue(column: ExportColumn, row: ExportRow): CellValue {
  if (column.coded) return codedText(column.coded, row, column.field);
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
    default:
      return String(value);
  }
}
