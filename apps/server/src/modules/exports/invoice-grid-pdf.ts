import { formatDate, formatN0, formatN2 } from '@settle/shared/format';
import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import { type DocumentReader, documentTexts, type ExportGridName } from '../documents/document-texts';
import {
  createPdfDocument,
  drawPageFooters,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  fitText,
  type PdfDocument,
} from '../documents/pdf-layout';
import { codedText, type ExportColumn, type ExportRow } from './export-columns';
import { type GridLayout, PADDING, type PlacedColumn, placeColumns } from './grid-pdf-columns';

/** The table, and the reader whose words and formats it is written in. */
export type InvoiceGridPdfOptions = DocumentReader & {
  /** Which grid the rows are of: names what a row is on the total line. */
  grid: ExportGridName;
  /** Titled in the reader's language (parseExportColumns). */
  columns: ExportColumn[];
  currencyCode: string;
  batches: AsyncIterable<ExportRow[]>;
  /** The heading, e.g. "Open invoices of Acme (C10001)", in the reader's language. */
  title: string;
  /** The footer's left text after the seller's name, e.g. "Invoices of C10001 (USD)". */
  footer: string;
  filter?: string;
  /** The day shown as the export date (YYYY-MM-DD). */
  exportedOn: string;
  sellerName: string;
};

const MARGIN = 36;
const RED = '#c00000';

/**
 * A grid as a landscape table: the same rows and columns as the Excel export, the header
 * repeated on every page, the totals of the amount columns at the end and "Page X of Y" on
 * every page; every word in the reader's language, amounts, counts and dates in the reader's
 * formatting locale. Pages are buffered for the page count, which is why the PDF export is
 * capped (see PDF_EXPORT_MAX_ROWS) and large exports go to Excel.
 */
export async function renderInvoiceGridPdf(
  options: InvoiceGridPdfOptions,
): Promise<{ document: PdfDocument; rowCount: number }> {
  const words = documentTexts(options.language);
  const texts = words.exports;
  const { locale } = options;
  const title = options.title;
  const doc = await createPdfDocument({
    layout: 'landscape',
    margin: MARGIN,
    title,
    author: options.sellerName,
  });
  // The first batch is read before the columns are placed: free text takes the width of its first rows.
  const batches = options.batches[Symbol.asyncIterator]();
  const opening = await batches.next();
  const firstRows = opening.done ? [] : opening.value;
  const layout = placeColumns(doc, options.columns, {
    left: MARGIN,
    width: doc.page.width - MARGIN * 2,
    locale,
    currencyCode: options.currencyCode,
    sample: (field) => {
      const column = options.columns.find((candidate) => candidate.field === field);
      return column ? firstRows.map((row) => cellText(column, row, locale)) : [];
    },
  });
  const { columns, fontSize, rowHeight } = layout;
  const bottom = doc.page.height - MARGIN - 8;

  doc.font(FONT_BOLD).fontSize(13).fillColor('black');
  drawText(doc, title, MARGIN, MARGIN);
  doc.font(FONT_REGULAR).fontSize(8).fillColor('#555555');
  const facts = [
    texts.amountsIn(options.currencyCode),
    texts.exportedOn(formatDate(options.exportedOn, locale)),
  ];
  if (options.filter?.trim()) facts.push(texts.filter(options.filter.trim()));
  drawText(doc, fitText(doc, facts.join(' · '), doc.page.width - MARGIN * 2), MARGIN, MARGIN + 18);
  let y = drawHeader(doc, layout, MARGIN + 34);

  const totals = new Map<string, number>();
  for (const column of columns) if (column.type === 'currency') totals.set(column.field, 0);
  let rowCount = 0;
  async function* allBatches() {
    if (opening.done) return;
    yield firstRows;
    for (let next = await batches.next(); !next.done; next = await batches.next()) yield next.value;
  }
  for await (const batch of allBatches()) {
    for (const row of batch) {
      if (y + rowHeight > bottom) {
        doc.addPage();
        doc.font(FONT_BOLD).fontSize(9).fillColor('black');
        drawText(doc, texts.continued(title), MARGIN, MARGIN);
        y = drawHeader(doc, layout, MARGIN + 16);
      }
      if (rowCount % 2 === 1) doc.rect(MARGIN, y, doc.page.width - MARGIN * 2, rowHeight).fill('#f4f6f8');
      doc.font(FONT_REGULAR).fontSize(fontSize);
      for (const column of columns) {
        const raw = row[column.field];
        if (column.type === 'currency' && typeof raw === 'string') {
          totals.set(column.field, (totals.get(column.field) ?? 0) + toMinorUnits(raw));
        }
        drawCell(doc, layout, column, cellText(column, row, locale), y, isNegative(column, raw));
      }
      y += rowHeight;
      rowCount++;
    }
  }

  if (y + rowHeight * 2 + 6 > bottom) {
    doc.addPage();
    y = drawHeader(doc, layout, MARGIN);
  }
  doc
    .moveTo(MARGIN, y + 1)
    .lineTo(doc.page.width - MARGIN, y + 1)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  y += 4;
  doc.font(FONT_BOLD).fontSize(fontSize);
  const label = texts.total(texts.rowCounts[options.grid](rowCount, formatN0(rowCount, locale)));
  // In the first column when it is not an amount and the words fit there, else on a line of their own.
  const first = columns[0];
  if (first && first.type !== 'currency' && doc.widthOfString(label) <= first.w - PADDING * 2) {
    drawCell(doc, layout, first, label, y, false);
  } else {
    drawText(doc, label, MARGIN + PADDING, y + rowHeight + 2);
  }
  for (const column of columns) {
    const minor = totals.get(column.field);
    if (minor === undefined) continue;
    drawCell(doc, layout, column, formatN2(fromMinorUnits(minor), locale), y, minor < 0);
  }

  drawPageFooters(doc, {
    margin: MARGIN,
    pageOf: words.pageOf,
    leftText: () => `${options.sellerName} · ${options.footer}`,
  });
  doc.end();
  return { document: doc, rowCount };
}

/** The header row: each title on its one or two lines, aligned as its column's cells. */
function drawHeader(doc: PdfDocument, layout: GridLayout, y: number): number {
  doc.rect(MARGIN, y, doc.page.width - MARGIN * 2, layout.headerHeight).fill('#e3e8ee');
  doc.font(FONT_BOLD).fontSize(layout.fontSize).fillColor('black');
  const lineHeight = layout.fontSize * 1.25;
  for (const column of layout.columns) {
    column.header.forEach((line, index) => {
      drawCell(doc, layout, column, line, y + 2 + index * lineHeight, false);
    });
  }
  return y + layout.headerHeight;
}

function drawCell(
  doc: PdfDocument,
  layout: GridLayout,
  column: PlacedColumn,
  text: string,
  y: number,
  negative: boolean,
) {
  const width = column.w - PADDING * 2;
  doc.fillColor(negative ? RED : 'black');
  drawText(doc, fitText(doc, text, width), column.x + PADDING, y + layout.textInset, {
    width,
    align: column.align,
  });
  doc.fillColor('black');
}

function isNegative(column: ExportColumn, raw: unknown): boolean {
  return column.type === 'currency' && typeof raw === 'string' && raw.trim().startsWith('-');
}

/** A cell as the reader reads it: amounts as n2 (the header names the currency), dates, words for codes. */
function cellText(column: ExportColumn, row: ExportRow, locale: string): string {
  if (column.coded) return codedText(column.coded, row, column.field) ?? '';
  const raw = row[column.field];
  if (raw === null || raw === undefined) return '';
  const text = String(raw);
  switch (column.type) {
    case 'currency':
      return formatN2(text, locale);
    case 'date':
    case 'datetime':
      return formatDate(text, locale);
    default:
      return text;
  }
}
