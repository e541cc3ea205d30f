import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TInvoiceDetail } from '@settle/shared/invoices';
import { documentTexts } from './document-texts';
import {
  createPdfDocument,
  drawPageFooters,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  fitText,
  formatLongDate,
  formatMoney,
  formatQuantity,
  formatUnitPrice,
  type PdfDocument,
  withSymbol,
  wrapText,
} from './pdf-layout';

export type InvoiceDocumentInput = {
  detail: TInvoiceDetail;
  /** The customer's company name, shown in the bill-to block. */
  company: string;
  /** The symbol of the invoice's currency ('$', '€'...), the code being in detail.invoice. */
  currencySymbol: string;
};

export type InvoicePdfOptions = { sellerName: string };

const MARGIN = 50;
const LINE_HEIGHT = 12;
const CELL_PADDING = 4;
const BODY_SIZE = 9;
/** A row taller than this is cut, so that one line item can never need more than a page. */
const MAX_ROW_LINES = 40;
const GRAY = '#555555';
const INVOICE_TEXTS = documentTexts('en');

type Column = { title: string; width: number; align: 'left' | 'right' };
const COLUMNS = {
  item: { title: 'Item', width: 80, align: 'left' },
  description: { title: 'Description', width: 212, align: 'left' },
  qty: { title: 'Qty', width: 55, align: 'right' },
  price: { title: 'Price', width: 80, align: 'right' },
  ext: { title: 'Extended', width: 85, align: 'right' },
} satisfies Record<string, Column>;
const COLUMN_ORDER = ['item', 'description', 'qty', 'price', 'ext'] as const;

/**
 * Several invoices as one PDF: each starts on a new page; the line table breaks across
 * pages with its header repeated; every page has "Page X of Y". The document is ended
 * and ready to be piped or sent; the pages are drawn before it resolves, so a failure
 * rejects here, before any byte is sent.
 */
export async function renderInvoicesPdf(
  invoices: InvoiceDocumentInput[],
  options: InvoicePdfOptions,
): Promise<PdfDocument> {
  const title =
    invoices.length === 1 ? `Invoice ${invoices[0]!.detail.invoice.invNo}` : `Invoices (${invoices.length})`;
  const doc = await createPdfDocument({
    layout: 'portrait',
    margin: MARGIN,
    title,
    author: options.sellerName,
  });
  const pageInvoice: string[] = [];
  invoices.forEach((input, index) => {
    if (index > 0) doc.addPage();
    const from = doc.bufferedPageRange().count - 1;
    renderInvoice(doc, input, options);
    const to = doc.bufferedPageRange().count - 1;
    for (let page = from; page <= to; page++) pageInvoice[page] = input.detail.invoice.invNo;
  });
  drawPageFooters(doc, {
    margin: MARGIN,
    // The invoice is written in English for every reader (see document-texts.ts).
    pageOf: INVOICE_TEXTS.pageOf,
    leftText: (page) => `${options.sellerName} · Invoice ${pageInvoice[page] ?? ''}`,
  });
  doc.end();
  return doc;
}

/** The same document written into any stream (a file, a response, a counter in a benchmark). */
export async function writeInvoicesPdf(
  invoices: InvoiceDocumentInput[],
  options: InvoicePdfOptions,
  destination: Writable,
): Promise<void> {
  await pipeline(await renderInvoicesPdf(invoices, options), destination);
}

function contentBottom(doc: PdfDocument): number {
  return doc.page.height - MARGIN - 10;
}

function renderInvoice(doc: PdfDocument, input: InvoiceDocumentInput, options: InvoicePdfOptions) {
  const { detail } = input;
  let y = drawInvoiceHeader(doc, input, options);
  y = drawTableHeader(doc, y);
  if (detail.lineItems.length === 0) {
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor(GRAY);
    drawText(doc, 'No line items.', MARGIN + CELL_PADDING, y + 3);
    doc.fillColor('black');
    y += LINE_HEIGHT + 6;
  }
  for (const [index, line] of detail.lineItems.entries()) {
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE);
    const itemLines = wrapText(doc, line.item, COLUMNS.item.width - CELL_PADDING * 2);
    const descriptionLines = wrapText(doc, line.description, COLUMNS.description.width - CELL_PADDING * 2);
    const extraLines = line.extendedFields.flatMap((field) =>
      wrapText(doc, `${field.title}: ${field.value}`, COLUMNS.description.width - CELL_PADDING * 2),
    );
    const lineCount = Math.min(
      MAX_ROW_LINES,
      Math.max(itemLines.length, descriptionLines.length + extraLines.length),
    );
    const height = lineCount * LINE_HEIGHT + 6;
    if (y + height > contentBottom(doc)) {
      doc.addPage();
      y = drawContinuationHeader(doc, detail.invoice.invNo);
      y = drawTableHeader(doc, y);
    }
    if (index % 2 === 1) {
      doc.rect(MARGIN, y, tableWidth(), height).fill('#f4f6f8');
      doc.fillColor('black');
    }
    const x = columnLefts();
    const top = y + 3;
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor('black');
    itemLines.slice(0, lineCount).forEach((text, row) => {
      drawText(doc, text, x.item + CELL_PADDING, top + row * LINE_HEIGHT);
    });
    const shown = [
      ...descriptionLines.map((text) => ({ text, extra: false })),
      ...extraLines.map((text) => ({ text, extra: true })),
    ];
    shown.slice(0, lineCount).forEach((entry, row) => {
      doc.fillColor(entry.extra ? GRAY : 'black');
      drawText(doc, entry.text, x.description + CELL_PADDING, top + row * LINE_HEIGHT);
    });
    doc.fillColor('black');
    const symbol = input.currencySymbol;
    drawCell(doc, formatQuantity(line.qtyShip), 'qty', top);
    drawCell(doc, withSymbol(formatUnitPrice(line.price), symbol), 'price', top);
    drawCell(doc, formatMoney(line.ext, symbol), 'ext', top);
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + tableWidth(), y)
      .lineWidth(0.5)
      .strokeColor('#d0d5da')
      .stroke();
  }
  drawTotals(doc, input, y + 12);
}

function tableWidth(): number {
  return COLUMN_ORDER.reduce((sum, key) => sum + COLUMNS[key].width, 0);
}

function columnLefts(): Record<(typeof COLUMN_ORDER)[number], number> {
  let x = MARGIN;
  const lefts = {} as Record<(typeof COLUMN_ORDER)[number], number>;
  for (const key of COLUMN_ORDER) {
    lefts[key] = x;
    x += COLUMNS[key].width;
  }
  return lefts;
}

function drawCell(doc: PdfDocument, text: string, key: (typeof COLUMN_ORDER)[number], y: number) {
  const column = COLUMNS[key];
  const width = column.width - CELL_PADDING * 2;
  drawText(doc, fitText(doc, text, width), columnLefts()[key] + CELL_PADDING, y, {
    width,
    align: column.align,
  });
}

function drawTableHeader(doc: PdfDocument, y: number): number {
  const height = LINE_HEIGHT + 8;
  doc.rect(MARGIN, y, tableWidth(), height).fill('#e3e8ee');
  doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor('black');
  for (const key of COLUMN_ORDER) drawCell(doc, COLUMNS[key].title, key, y + 4);
  doc.font(FONT_REGULAR);
  return y + height;
}

function drawContinuationHeader(doc: PdfDocument, invNo: string): number {
  doc.font(FONT_BOLD).fontSize(11).fillColor('black');
  drawText(doc, `Invoice ${invNo} (continued)`, MARGIN, MARGIN);
  doc.font(FONT_REGULAR);
  return MARGIN + 24;
}

function drawInvoiceHeader(
  doc: PdfDocument,
  input: InvoiceDocumentInput,
  options: InvoicePdfOptions,
): number {
  const { detail } = input;
  const invoice = detail.invoice;
  const header = (field: string) => detail.headerFields.find((entry) => entry.field === field)?.value ?? '';
  const right = doc.page.width - MARGIN;
  const contentWidth = right - MARGIN;

  doc.font(FONT_BOLD).fontSize(16).fillColor('black');
  drawText(doc, options.sellerName, MARGIN, MARGIN);
  doc.fontSize(20);
  drawText(doc, 'INVOICE', MARGIN, MARGIN - 2, { width: contentWidth, align: 'right' });
  doc.font(FONT_REGULAR).fontSize(10);
  drawText(doc, `No. ${invoice.invNo}`, MARGIN, MARGIN + 24, { width: contentWidth, align: 'right' });

  // Bill-to block on the left.
  let left = MARGIN + 60;
  doc.fontSize(8).fillColor(GRAY);
  drawText(doc, 'BILL TO', MARGIN, left);
  left += 12;
  doc.font(FONT_BOLD).fontSize(11).fillColor('black');
  for (const line of wrapText(doc, input.company, 250)) {
    drawText(doc, line, MARGIN, left);
    left += 14;
  }
  doc.font(FONT_REGULAR).fontSize(BODY_SIZE);
  drawText(doc, `Customer no. ${invoice.custNo}`, MARGIN, left);
  left += LINE_HEIGHT;
  const shipTo = header('shipTo');
  if (shipTo) {
    left += 6;
    doc.fontSize(8).fillColor(GRAY);
    drawText(doc, 'SHIP TO', MARGIN, left);
    left += 11;
    doc.fontSize(BODY_SIZE).fillColor('black');
    for (const line of wrapText(doc, shipTo, 250)) {
      drawText(doc, line, MARGIN, left);
      left += LINE_HEIGHT;
    }
  }

  // Invoice facts on the right: label and value pairs, empty ones left out.
  const facts: Array<[string, string]> = [
    ['Invoice number', invoice.invNo],
    ['Transaction', invoice.tranId],
    ['Invoice date', formatLongDate(invoice.invoiceDate)],
    ['Due date', formatLongDate(invoice.dueDate)],
    ['Terms', invoice.terms],
    ['PO number', invoice.poNumber],
    ['Sales representative', header('salesRep')],
    ['Ship via', header('shipVia')],
    ['Currency', invoice.tranCurrencyCode],
    ['Status', invoice.status === 'O' ? 'Open' : 'Closed'],
  ];
  const labelX = MARGIN + 300;
  const valueX = labelX + 100;
  const valueWidth = right - valueX;
  let top = MARGIN + 60;
  for (const [label, value] of facts) {
    if (!value) continue;
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor(GRAY);
    drawText(doc, label, labelX, top);
    doc.fillColor('black');
    const lines = wrapText(doc, value, valueWidth).slice(0, 3);
    lines.forEach((line, row) => {
      drawText(doc, line, valueX, top + row * LINE_HEIGHT);
    });
    top += Math.max(1, lines.length) * LINE_HEIGHT + 2;
  }
  return Math.max(left, top) + 20;
}

function drawTotals(doc: PdfDocument, input: InvoiceDocumentInput, startY: number) {
  const invoice = input.detail.invoice;
  const code = invoice.tranCurrencyCode;
  const rows: Array<{ label: string; value: string; strong?: boolean }> = [
    { label: 'Amount', value: invoice.amount },
    { label: 'Paid', value: invoice.paidAmount },
    { label: 'Disputed', value: invoice.disputeAmount },
    { label: 'Balance due', value: invoice.balance, strong: true },
  ];
  const height = rows.length * (LINE_HEIGHT + 4) + 30;
  let y = startY;
  if (y + height > contentBottom(doc)) {
    doc.addPage();
    y = drawContinuationHeader(doc, invoice.invNo);
  }
  const width = 230;
  const x = doc.page.width - MARGIN - width;
  for (const row of rows) {
    if (row.strong) {
      doc
        .moveTo(x, y - 2)
        .lineTo(x + width, y - 2)
        .lineWidth(0.8)
        .strokeColor('black')
        .stroke();
      y += 3;
    }
    doc
      .font(row.strong ? FONT_BOLD : FONT_REGULAR)
      .fontSize(row.strong ? 10 : BODY_SIZE)
      .fillColor('black');
    drawText(doc, row.label, x, y);
    drawText(doc, `${formatMoney(row.value, input.currencySymbol)} ${code}`, x, y, { width, align: 'right' });
    y += LINE_HEIGHT + 4;
  }
  doc.font(FONT_REGULAR).fontSize(8).fillColor(GRAY);
  drawText(doc, `All amounts in ${code}.`, x, y + 6);
  doc.fillColor('black');
}
