import { formatC2, formatDate } from '@settle/shared/format';
import type { TStatement, TStatementItem } from '@settle/shared/statements';
import { documentTexts, type StatementTexts, textOf } from '../documents/document-texts';
import {
  createPdfDocument,
  drawPageFooters,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  type PdfDocument,
} from '../documents/pdf-layout';
import type { StatementSheetLabels } from '../exports/statement-xlsx';

const MARGIN = 50;

/** The statement's words (the workbook's too), with payment methods named as on the receipt. */
export type StatementLabels = StatementTexts & StatementSheetLabels;

/** The statement's words in the reader's language, from the documents' texts. */
export function statementLabels(language: string): StatementLabels {
  const texts = documentTexts(language);
  return { ...texts.statement, methods: texts.paymentMethods };
}

/**
 * The statement as a PDF (the documents module's layout and fonts) in the reader's language,
 * amounts and dates by the reader's formatting locale.
 */
export async function renderStatementPdf(
  statement: TStatement,
  options: { language: string; locale: string; sellerName: string },
): Promise<PdfDocument> {
  const texts = documentTexts(options.language);
  const labels = texts.statement;
  const money = (value: string) =>
    formatC2(value, { locale: options.locale, currencyCode: statement.currencyCode });
  const day = (value: string) => formatDate(value, options.locale);
  const doc = await createPdfDocument({
    layout: 'portrait',
    margin: MARGIN,
    title: `${labels.title} ${statement.custNo} ${statement.currencyCode}`,
    author: options.sellerName,
  });
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 40;
  let y = MARGIN;
  const room = (needed: number) => {
    if (y + needed > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
  };

  doc.font(FONT_BOLD).fontSize(18);
  drawText(doc, labels.title, MARGIN, y);
  doc.font(FONT_REGULAR).fontSize(10).fillColor('#555555');
  drawText(doc, options.sellerName, MARGIN, y + 4, { width, align: 'right' });
  doc.fillColor('black');
  y += 34;
  doc.fontSize(11);
  for (const [label, value] of [
    [labels.customer, `${statement.company} (${statement.custNo}) · ${statement.currencyCode}`],
    [labels.period, `${day(statement.from)} – ${day(statement.to)}`],
    [labels.asOf, day(statement.asOf)],
    [labels.balanceDue, money(statement.totals.balanceDue)],
  ] as const) {
    doc.font(FONT_BOLD);
    drawText(doc, label, MARGIN, y);
    doc.font(FONT_REGULAR);
    drawText(doc, value, MARGIN + 130, y);
    y += 17;
  }

  // Columns: x offset and alignment of each cell of a table row.
  const itemColumns = [0, 110, 210, 310, 400] as const;
  const itemTable = (title: string, items: TStatementItem[], total: string) => {
    y += 14;
    room(60);
    doc.font(FONT_BOLD).fontSize(13);
    drawText(doc, title, MARGIN, y);
    y += 20;
    doc.fontSize(9);
    drawText(doc, labels.invoice, MARGIN + itemColumns[0], y);
    drawText(doc, labels.invoiceDate, MARGIN + itemColumns[1], y);
    drawText(doc, labels.dueDate, MARGIN + itemColumns[2], y);
    drawText(doc, labels.daysPastDue, MARGIN + itemColumns[3], y);
    drawText(doc, labels.balance, MARGIN, y, { width, align: 'right' });
    y += 14;
    doc.font(FONT_REGULAR);
    if (items.length === 0) {
      drawText(doc, labels.none, MARGIN, y);
      y += 13;
    }
    for (const item of items) {
      room(13);
      drawText(doc, item.invNo, MARGIN + itemColumns[0], y);
      drawText(doc, day(item.invoiceDate), MARGIN + itemColumns[1], y);
      drawText(doc, day(item.dueDate), MARGIN + itemColumns[2], y);
      drawText(doc, String(Math.max(item.daysPastDue, 0)), MARGIN + itemColumns[3], y);
      drawText(doc, money(item.balance), MARGIN, y, { width, align: 'right' });
      y += 13;
    }
    doc.font(FONT_BOLD);
    drawText(doc, labels.totalOf(title), MARGIN, y);
    drawText(doc, money(total), MARGIN, y, { width, align: 'right' });
    y += 14;
  };
  itemTable(labels.openItems, statement.openItems, statement.totals.openItems);
  itemTable(labels.credits, statement.credits, statement.totals.credits);

  y += 14;
  room(60);
  doc.font(FONT_BOLD).fontSize(13);
  drawText(doc, labels.payments, MARGIN, y);
  y += 20;
  doc.fontSize(9);
  drawText(doc, labels.date, MARGIN, y);
  drawText(doc, labels.reference, MARGIN + 110, y);
  drawText(doc, labels.method, MARGIN + 260, y);
  drawText(doc, labels.amount, MARGIN, y, { width, align: 'right' });
  y += 14;
  doc.font(FONT_REGULAR);
  if (statement.payments.length === 0) {
    drawText(doc, labels.none, MARGIN, y);
    y += 13;
  }
  for (const payment of statement.payments) {
    room(13);
    drawText(doc, day(payment.date), MARGIN, y);
    drawText(doc, payment.reference, MARGIN + 110, y);
    drawText(doc, textOf(texts.paymentMethods, payment.paymentType), MARGIN + 260, y);
    drawText(doc, money(payment.amount), MARGIN, y, { width, align: 'right' });
    y += 13;
  }
  doc.font(FONT_BOLD);
  drawText(doc, labels.totalOf(labels.payments), MARGIN, y);
  drawText(doc, money(statement.totals.payments), MARGIN, y, { width, align: 'right' });
  y += 14;

  y += 14;
  room(110);
  doc.font(FONT_BOLD).fontSize(13);
  drawText(doc, labels.aging, MARGIN, y);
  y += 20;
  doc.fontSize(10);
  for (const bucket of statement.aging) {
    doc.font(FONT_REGULAR);
    drawText(doc, textOf(labels.buckets, bucket.bucket), MARGIN, y);
    drawText(doc, String(bucket.count), MARGIN + 200, y);
    drawText(doc, money(bucket.amount), MARGIN, y, { width, align: 'right' });
    y += 14;
  }
  doc.font(FONT_BOLD);
  drawText(doc, labels.balanceDue, MARGIN, y);
  drawText(doc, money(statement.totals.balanceDue), MARGIN, y, { width, align: 'right' });

  drawPageFooters(doc, {
    margin: MARGIN,
    pageOf: texts.pageOf,
    leftText: () => `${options.sellerName} · ${labels.title}`,
  });
  doc.end();
  return doc;
}
