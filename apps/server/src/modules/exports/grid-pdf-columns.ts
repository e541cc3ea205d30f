import { formatDate, formatN2 } from '@settle/shared/format';
import { FONT_BOLD, FONT_REGULAR, fitText, type PdfDocument, wrapText } from '../documents/pdf-layout';
import { columnHeader, type ExportColumn } from './export-columns';

/** The table's type at its natural size, and the smallest it is shrunk to when many columns are asked for. */
export const FONT_SIZE = 8;
const MIN_FONT_SIZE = 5.5;
const ROW_HEIGHT = 14;
export const PADDING = 4;
/** A header wraps onto up to three lines rather than being cut (French titles are longer). */
const HEADER_LINES = 3;
/** The most a column of free text asks for from its first rows, at the natural size. */
const MAX_TEXT_WIDTH = 120;

export type PlacedColumn = ExportColumn & {
  x: number;
  w: number;
  align: 'left' | 'right';
  /** The header's lines, one to three, that fit the column. */
  header: string[];
};

export type GridLayout = {
  columns: PlacedColumn[];
  fontSize: number;
  rowHeight: number;
  headerHeight: number;
  /** From a row's top to its text's. */
  textInset: number;
};

/**
 * The columns placed across `width`. Each column first gets what it must have to show its cells
 * whole where their width is known before the rows are read (amounts, counts, dates in the
 * reader's locale, coded words), then what it should have: its header's longest word (the
 * header wraps between words) and, for free text, the width of its cells in the first rows
 * (`sample`, at most 120 points); what is left is shared by the columns' weights. When the
 * columns asked for need more than the page, the type shrinks (down to 5.5 points); past that,
 * headers and free text give way first, amounts and dates last, cut with an ellipsis.
 */
export function placeColumns(
  doc: PdfDocument,
  columns: ExportColumn[],
  options: {
    left: number;
    width: number;
    locale: string;
    currencyCode: string;
    /** The first rows' cells as they will be written, by field. */
    sample: (field: string) => string[];
  },
): GridLayout {
  const headers = columns.map((column) => columnHeader(column, options.currencyCode));
  doc.fontSize(FONT_SIZE);
  // What a column's text must have (its cells whole) and should have (its header's longest
  // word, so that the header wraps between words), at the natural size; the padding is fixed.
  const needs = columns.map((column, index) => {
    doc.font(FONT_REGULAR);
    const widest = (texts: string[]) => Math.max(0, ...texts.map((text) => doc.widthOfString(text)));
    const known = cellSamples(column, options.locale);
    const cells = known ? widest(known) : 0;
    const text = known ? 0 : Math.min(MAX_TEXT_WIDTH, widest(options.sample(column.field)));
    doc.font(FONT_BOLD);
    const header = widest(headers[index]!.split(/\s+/));
    return { must: cells, should: Math.max(cells, header, text) };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  // A point to spare: a text exactly as wide as its cell would still be shortened by rounding.
  const fixed = PADDING * 2 + 1;
  const room = options.width - fixed * columns.length;
  const should = sum(needs.map((need) => need.should));
  const scale = should > room ? Math.max(MIN_FONT_SIZE / FONT_SIZE, room / should) : 1;
  const fontSize = FONT_SIZE * scale;
  // At the smallest type, the headers' words give way first (they wrap inside a word), then the cells.
  const must = sum(needs.map((need) => need.must)) * scale;
  const extra = should * scale - must;
  const headerShare = extra > 0 ? Math.min(1, Math.max(0, (room - must) / extra)) : 1;
  const cellShare = must > 0 ? Math.min(1, Math.max(0, room) / must) : 1;
  const minimums = needs.map(
    (need) => (need.must * cellShare + (need.should - need.must) * headerShare) * scale + fixed,
  );
  const surplus = Math.max(0, options.width - sum(minimums));
  const weight = columns.reduce((total, column) => total + column.width, 0) || 1;

  doc.font(FONT_BOLD).fontSize(fontSize);
  let x = options.left;
  const placed = columns.map((column, index): PlacedColumn => {
    const w = minimums[index]! + (surplus * column.width) / weight;
    const header = headerLines(doc, headers[index]!, w - PADDING * 2);
    const align =
      column.type === 'currency' || column.type === 'number' || column.type === 'integer' ? 'right' : 'left';
    const result = { ...column, x, w, align, header } satisfies PlacedColumn;
    x += w;
    return result;
  });
  doc.font(FONT_REGULAR);
  const lines = Math.max(1, ...placed.map((column) => column.header.length));
  const lineHeight = fontSize * 1.25;
  return {
    columns: placed,
    fontSize,
    rowHeight: ROW_HEIGHT * scale,
    headerHeight: (ROW_HEIGHT + 4) * scale + (lines - 1) * lineHeight,
    textInset: 3 * scale,
  };
}

/** The header on at most three lines, the last shortened with an ellipsis if it still does not fit. */
function headerLines(doc: PdfDocument, header: string, width: number): string[] {
  const lines = wrapText(doc, header, width);
  if (lines.length <= HEADER_LINES) return lines;
  const kept = lines.slice(0, HEADER_LINES - 1);
  return [...kept, fitText(doc, lines.slice(HEADER_LINES - 1).join(' '), width)];
}

const SAMPLE_AMOUNT = '-99999999.99';
const SAMPLE_DAYS = Array.from({ length: 12 }, (_, month) => `2026-${String(month + 1).padStart(2, '0')}-28`);

/** Texts as wide as a column's cells can be, where that is known before the rows are read; free text: undefined. */
function cellSamples(column: ExportColumn, locale: string): string[] | undefined {
  if (column.coded) return Object.values(column.coded.words);
  switch (column.type) {
    case 'currency':
    case 'number':
      return [formatN2(SAMPLE_AMOUNT, locale)];
    case 'integer':
      return ['9999999'];
    case 'date':
    case 'datetime':
      return SAMPLE_DAYS.map((day) => formatDate(day, locale));
    default:
      return undefined;
  }
}
