import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatC2, formatDate, formatQuantity, formatUnitPrice } from '@settle/shared/format';
import type { TInvoiceDetail } from '@settle/shared/invoices';
import { type DocumentReader, documentTexts, type InvoiceTexts, textOf } from './document-texts';
import {
  createPdfDocument,
  drawPageFooters,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  fitText,
  type PdfDocument,
  wrapText,
} from './pdf-layout';

export type InvoiceDocumentInput = {
  detail: TInvoiceDetail;
  /** The customer's company name, shown in the bill-to block. */
  company: string;
  /** The symbol of the invoice's currency ('$', '€'...), the code being in detail.invoice. */
  currencySymbol: string;
};

/** The seller's name, and the reader whose words and formats the document is written in. */
export type InvoicePdfOptions = DocumentReader & { sellerName: string };

/** What every part of one document draws with: its words and its reader's formats. */
type Writing = {
  sellerName: string;
  texts: InvoiceTexts;
  /** An amount of the invoice, with its currency's symbol: c2 in the reader's locale. */
  money: (value: string) => string;
  unitPrice: (value: string) => string;
  quantity: (value: string) => string;
  date: (isoDate: string | null) => string;
};

const MARGIN = 50;
const LINE_HEIGHT = 12;
const CELL_PADDING = 4;
const BODY_SIZE = 9;
/** A row taller than this is cut, so that one line item can never need more than a page. */
const MAX_ROW_LINES = 40;
const GRAY = '#555555';
/** The facts' labels take the width of the longest one shown, within these bounds. */
const FACT_LABEL_WIDTH = { min: 90, max: 130 };

type Column = { width: number; align: 'left' | 'right' };
const COLUMNS = {
  item: { width: 80, align: 'left' },
  description: { width: 212, align: 'left' },
  qty: { width: 55, align: 'right' },
  price: { width: 80, align: 'right' },
  ext: { width: 85, align: 'right' },
} satisfies Record<string, Column>;
const COLUMN_ORDER = ['item', 'description', 'qty', 'price', 'ext'] as const;

/**
 * Several invoices as one PDF: each starts on a new page; the line table breaks across
 * pages with its header repeated; every page has "Page X of Y". Every word is the reader's
 * language (document-texts.ts), amounts, quantities and dates are in the reader's formatting
 * locale. The document is ended and ready to be piped or sent; the pages are drawn before it
 * resolves, so a failure rejects here, before any byte is sent.
 */
export async function renderInvoicesPdf(
  invoices: InvoiceDocumentInput[],
  options: InvoicePdfOptions,
): Promise<PdfDocument> {
  const words = documentTexts(options.language);
  const texts = words.invoice;
  const { locale } = options;
  const title =
    invoices.length === 1
      ? texts.invoiceNo(invoices[0]!.detail.invoice.invNo)
      : texts.invoicesCount(invoices.length);
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
    const money = {
      locale,
      currencyCode: input.detail.invoice.tranCurrencyCode,
      symbol: input.currencySymbol,
    };
    renderInvoice(doc, input, {
      sellerName: options.sellerName,
      texts,
      money: (value) => formatC2(value, money),
      unitPrice: (value) => formatUnitPrice(value, money),
      quantity: (value) => formatQuantity(value, locale),
      date: (isoDate) => (isoDate ? formatDate(isoDate, locale) : ''),
    });
    const to = doc.bufferedPageRange().count - 1;
    for (let page = from; page <= to; page++) pageInvoice[page] = input.detail.invoice.invNo;
  });
  drawPageFooters(doc, {
    margin: MARGIN,
    pageOf: words.pageOf,
    leftText: (page) => `${options.sellerName} · ${texts.invoiceNo(pageInvoice[page] ?? '')}`,
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

function renderInvoice(doc: PdfDocument, input: InvoiceDocumentInput, writing: Writing) {
  const { detail } = input;
  const { texts } = writing;
  let y = drawInvoiceHeader(doc, input, writing);
  y = drawTableHeader(doc, texts, y);
  if (detail.lineItems.length === 0) {
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor(GRAY);
    drawText(doc, texts.noLines, MARGIN + CELL_PADDING, y + 3);
    doc.fillColor('black');
    y += LINE_HEIGHT + 6;
  }
  for (const [index, line] of detail.lineItems.entries()) {
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE);
    const itemLines = wrapText(doc, line.item, COLUMNS.item.width - CELL_PADDING * 2);
    const descriptionLines = wrapText(doc, line.description, COLUMNS.description.width - CELL_PADDING * 2);
    const extraLines = line.extendedFields.flatMap((field) =>
      wrapText(doc, texts.field(field.title, field.value), COLUMNS.description.width - CELL_PADDING * 2),
    );
    const lineCount = Math.min(
      MAX_ROW_LINES,
      Math.max(itemLines.length, descriptionLines.length + extraLines.length),
    );
    const height = lineCount * LINE_HEIGHT + 6;
    if (y + height > contentBottom(doc)) {
      doc.addPage();
      y = drawContinuationHeader(doc, texts, detail.invoice.invNo);
      y = drawTableHeader(doc, texts, y);
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
    drawCell(doc, writing.quantity(line.qtyShip), 'qty', top);
    drawCell(doc, writing.unitPrice(line.price), 'price', top);
    drawCell(doc, writing.money(line.ext), 'ext', top);
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + tableWidth(), y)
      .lineWidth(0.5)
      .strokeColor('#d0d5da')
      .stroke();
  }
  drawTotals(doc, input, writing, y + 12);
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

function drawTableHeader(doc: PdfDocument, texts: InvoiceTexts, y: number): number {
  const height = LINE_HEIGHT + 8;
  doc.rect(MARGIN, y, tableWidth(), height).fill('#e3e8ee');
  doc.font(FONT_BOLD).fontSize(BODY_SIZE).fillColor('black');
  for (const key of COLUMN_ORDER) drawCell(doc, texts.columns[key], key, y + 4);
  doc.font(FONT_REGULAR);
  return y + height;
}

function drawContinuationHeader(doc: PdfDocument, texts: InvoiceTexts, invNo: string): number {
  doc.font(FONT_BOLD).fontSize(11).fillColor('black');
  drawText(doc, texts.continued(invNo), MARGIN, MARGIN);
  doc.font(FONT_REGULAR);
  return MARGIN + 24;
}

function drawInvoiceHeader(doc: PdfDocument, input: InvoiceDocumentInput, writing: Writing): number {
  const { detail } = input;
  const { texts } = writing;
  const invoice = detail.invoice;
  const header = (field: string) => detail.headerFields.find((entry) => entry.field === field)?.value ?? '';
  const right = doc.page.width - MARGIN;
  const contentWidth = right - MARGIN;

  doc.font(FONT_BOLD).fontSize(16).fillColor('black');
  drawText(doc, writing.sellerName, MARGIN, MARGIN);
  doc.fontSize(20);
  drawText(doc, texts.heading, MARGIN, MARGIN - 2, { width: contentWidth, align: 'right' });
  doc.font(FONT_REGULAR).fontSize(10);
  drawText(doc, texts.number(invoice.invNo), MARGIN, MARGIN + 24, { width: contentWidth, align: 'right' });

  // Bill-to block on the left.
  let left = MARGIN + 60;
  doc.fontSize(8).fillColor(GRAY);
  drawText(doc, texts.billTo, MARGIN, left);
  left += 12;
  doc.font(FONT_BOLD).fontSize(11).fillColor('black');
  for (const line of wrapText(doc, input.company, 250)) {
    drawText(doc, line, MARGIN, left);
    left += 14;
  }
  doc.font(FONT_REGULAR).fontSize(BODY_SIZE);
  drawText(doc, texts.customerNo(invoice.custNo), MARGIN, left);
  left += LINE_HEIGHT;
  const shipTo = header('shipTo');
  if (shipTo) {
    left += 6;
    doc.fontSize(8).fillColor(GRAY);
    drawText(doc, texts.shipTo, MARGIN, left);
    left += 11;
    doc.fontSize(BODY_SIZE).fillColor('black');
    for (const line of wrapText(doc, shipTo, 250)) {
      drawText(doc, line, MARGIN, left);
      left += LINE_HEIGHT;
    }
  }

  // Invoice facts on the right: label and value pairs, empty ones left out.
  const labels = texts.facts;
  const facts = (
    [
      [labels.invoiceNumber, invoice.invNo],
      [labels.transaction, invoice.tranId],
      [labels.invoiceDate, writing.date(invoice.invoiceDate)],
      [labels.dueDate, writing.date(invoice.dueDate)],
      [labels.terms, invoice.terms],
      [labels.poNumber, invoice.poNumber],
      [labels.salesRep, header('salesRep')],
      [labels.shipVia, header('shipVia')],
      [labels.currency, invoice.tranCurrencyCode],
      [labels.status, textOf(texts.statuses, invoice.status)],
    ] satisfies Array<[string, string | null]>
  ).filter((fact): fact is [string, string] => Boolean(fact[1]));
  // The labels' column is as wide as the longest label shown (French ones are longer), so
  // that the values start after every label; a label wider than the bound is shortened.
  doc.font(FONT_REGULAR).fontSize(BODY_SIZE);
  const labelWidth = Math.min(
    FACT_LABEL_WIDTH.max,
    Math.max(FACT_LABEL_WIDTH.min, ...facts.map(([label]) => doc.widthOfString(label) + 10)),
  );
  // 20 points right of the bill-to block (250 wide): the labels may be long, the values keep room.
  const labelX = MARGIN + 270;
  const valueX = labelX + labelWidth;
  const valueWidth = right - valueX;
  let top = MARGIN + 60;
  for (const [label, value] of facts) {
    doc.font(FONT_REGULAR).fontSize(BODY_SIZE).fillColor(GRAY);
    drawText(doc, fitText(doc, label, labelWidth - 10), labelX, top);
    doc.fillColor('black');
    const lines = wrapText(doc, value, valueWidth).slice(0, 3);
    lines.forEach((line, row) => {
      drawText(doc, line, valueX, top + row * LINE_HEIGHT);
    });
    top += Math.max(1, lines.length) * LINE_HEIGHT + 2;
  }
  return Math.max(left, top) + 20;
}

function drawTotals(doc: PdfDocument, input: InvoiceDocumentInput, writing: Writing, startY: number) {
  const invoice = input.detail.invoice;
  const code = invoice.tranCurrencyCode;
  const { texts } = writing;
  const rows: Array<{ label: string; value: string; strong?: boolean }> = [
    { label: texts.totals.amount, value: invoice.amount },
    { label: texts.totals.paid, value: invoice.paidAmount },
    { label: texts.totals.disputed, value: invoice.disputeAmount },
    { label: texts.totals.balanceDue, value: invoice.balance, strong: true },
  ];
  const height = rows.length * (LINE_HEIGHT + 4) + 30;
  let y = startY;
  if (y + height > contentBottom(doc)) {
    doc.addPage();
    y = drawContinuationHeader(doc, texts, invoice.invNo);
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
    drawText(doc, `${writing.money(row.value)} ${code}`, x, y, { width, align: 'right' });
    y += LINE_HEIGHT + 4;
  }
  doc.font(FONT_REGULAR).fontSize(8).fillColor(GRAY);
  drawText(doc, texts.allAmountsIn(code), x, y + 6);
  doc.fillColor('black');
}
