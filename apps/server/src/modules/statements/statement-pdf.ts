import { formatC2, formatDate } from '@settle/shared/format';
import type { TStatement, TStatementItem } from '@settle/shared/statements';
import {
  createPdfDocument,
  drawPageFooters,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  type PdfDocument,
} from '../documents/pdf-layout';
import type { StatementSheetLabels } from '../exports/statement-xlsx';
import { receiptLabels } from '../payments/receipt-pdf';

const MARGIN = 50;

/** The exports' sheet labels, and the word for an empty list. */
export type StatementLabels = StatementSheetLabels & { none: string };

const LABELS: Record<'en' | 'fr', Omit<StatementLabels, 'methods'>> = {
  en: {
    title: 'Statement of account',
    customer: 'Customer',
    period: 'Period',
    asOf: 'Statement date',
    openItems: 'Open items',
    credits: 'Credits',
    payments: 'Payments of the period',
    aging: 'Aging',
    invoice: 'Invoice',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    amount: 'Amount',
    balance: 'Balance',
    daysPastDue: 'Days past due',
    date: 'Date',
    reference: 'Reference',
    method: 'Method',
    total: 'Total',
    balanceDue: 'Balance due',
    none: 'None',
    buckets: {
      current: 'Current',
      days1to30: '1–30 days',
      days31to60: '31–60 days',
      days61to90: '61–90 days',
      over90: 'Over 90 days',
    },
  },
  fr: {
    title: 'Relevé de compte',
    customer: 'Client',
    period: 'Période',
    asOf: 'Date du relevé',
    openItems: 'Pièces ouvertes',
    credits: 'Avoirs',
    payments: 'Paiements de la période',
    aging: 'Balance âgée',
    invoice: 'Facture',
    invoiceDate: 'Date de facture',
    dueDate: 'Échéance',
    amount: 'Montant',
    balance: 'Solde',
    daysPastDue: 'Jours de retard',
    date: 'Date',
    reference: 'Référence',
    method: 'Moyen',
    total: 'Total',
    balanceDue: 'Solde dû',
    none: 'Aucun',
    buckets: {
      current: 'Non échu',
      days1to30: '1 à 30 jours',
      days31to60: '31 à 60 jours',
      days61to90: '61 à 90 jours',
      over90: 'Plus de 90 jours',
    },
  },
};

/** The statement's words in the reader's language; payment methods named as on the receipt. */
export function statementLabels(language: string): StatementLabels {
  const labels = language.toLowerCase().startsWith('fr') ? LABELS.fr : LABELS.en;
  return { ...labels, methods: receiptLabels(language).methods };
}

/**
 * The statement as a PDF (the documents module's layout and fonts) in the reader's language,
 * amounts and dates by the reader's formatting locale.
 */
export async function renderStatementPdf(
  statement: TStatement,
  options: { language: string; locale: string; sellerName: string },
): Promise<PdfDocument> {
  const labels = statementLabels(options.language);
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
    drawText(doc, `${labels.total} ${title.toLowerCase()}`, MARGIN, y);
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
    drawText(doc, labels.methods[payment.paymentType] ?? payment.paymentType, MARGIN + 260, y);
    drawText(doc, money(payment.amount), MARGIN, y, { width, align: 'right' });
    y += 13;
  }
  doc.font(FONT_BOLD);
  drawText(doc, `${labels.total} ${labels.payments.toLowerCase()}`, MARGIN, y);
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
    drawText(doc, labels.buckets[bucket.bucket] ?? bucket.bucket, MARGIN, y);
    drawText(doc, String(bucket.count), MARGIN + 200, y);
    drawText(doc, money(bucket.amount), MARGIN, y, { width, align: 'right' });
    y += 14;
  }
  doc.font(FONT_BOLD);
  drawText(doc, labels.balanceDue, MARGIN, y);
  drawText(doc, money(statement.totals.balanceDue), MARGIN, y, { width, align: 'right' });

  drawPageFooters(doc, { margin: MARGIN, leftText: () => `${options.sellerName} · ${labels.title}` });
  doc.end();
  return doc;
}
