import { formatC2 } from '@settle/shared/format';
import type { TPaymentSummary } from '@settle/shared/payments';
import { documentTexts, textOf } from '../documents/document-texts';
import {
  createPdfDocument,
  drawPageFooters,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  type PdfDocument,
} from '../documents/pdf-layout';

const MARGIN = 50;

function formatInstant(iso: string | null, locale: string, timeZone: string): string {
  if (!iso) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );
  } catch {
    return iso;
  }
}

/**
 * The receipt of one payment as a PDF (the documents module's layout and fonts), every word in
 * the reader's language (document-texts.ts), amounts and dates by the reader's formatting
 * locale. The history shows each event's words and time, as the receipt dialog does: an
 * event's stored detail (the provider's raw answer, the flow that saw it) is for the payment
 * log, not the payer.
 */
export async function renderReceiptPdf(
  summary: TPaymentSummary,
  options: { language: string; locale: string; timeZone: string; company: string; sellerName: string },
): Promise<PdfDocument> {
  const texts = documentTexts(options.language);
  const labels = texts.receipt;
  const money = (value: string) =>
    formatC2(value, { locale: options.locale, currencyCode: summary.currencyCode });
  const doc = await createPdfDocument({
    layout: 'portrait',
    margin: MARGIN,
    title: `${labels.title} ${summary.paymentLogId}`,
    author: options.sellerName,
  });
  const width = doc.page.width - MARGIN * 2;
  let y = MARGIN;
  doc.font(FONT_BOLD).fontSize(18);
  drawText(doc, labels.title, MARGIN, y);
  doc.font(FONT_REGULAR).fontSize(10).fillColor('#555555');
  drawText(doc, options.sellerName, MARGIN, y + 4, { width, align: 'right' });
  doc.fillColor('black');
  y += 36;

  const rows: Array<[string, string]> = [
    [labels.status, textOf(labels.statuses, summary.paymentDecision)],
    [labels.reference, `${summary.paymentLogId} · ${summary.extTranRefId}`],
    [labels.customer, `${options.company} (${summary.custNo})`],
    [labels.method, textOf(texts.paymentMethods, summary.paymentType)],
    [labels.account, summary.accountMasked ?? ''],
    [labels.tracking, summary.trackingNo ?? ''],
    [labels.authCode, summary.authCode ?? ''],
    [labels.created, formatInstant(summary.createdAt, options.locale, options.timeZone)],
    [labels.settled, formatInstant(summary.settledAt, options.locale, options.timeZone)],
    [labels.amount, money(summary.amount)],
    [labels.fee, money(summary.convenienceFeeAmount)],
    [labels.total, money(summary.totalCharged)],
    [labels.note, summary.note ?? ''],
    [labels.contract, summary.contractNumber ?? ''],
  ];
  doc.fontSize(11);
  for (const [label, value] of rows) {
    if (!value) continue;
    doc.font(FONT_BOLD);
    drawText(doc, label, MARGIN, y);
    doc.font(FONT_REGULAR);
    drawText(doc, value, MARGIN + 170, y);
    y += 18;
  }

  y += 12;
  doc.font(FONT_BOLD).fontSize(13);
  if (summary.transactionType === 'ON_ACCOUNT') {
    drawText(doc, labels.onAccount, MARGIN, y);
    y += 24;
  } else {
    drawText(doc, labels.invoices, MARGIN, y);
    y += 22;
    doc.fontSize(10);
    drawText(doc, labels.invoice, MARGIN, y);
    drawText(doc, labels.reason, MARGIN + 170, y);
    drawText(doc, labels.amount, MARGIN, y, { width, align: 'right' });
    y += 16;
    doc.font(FONT_REGULAR);
    for (const line of summary.paymentDetailLogViews) {
      if (y > doc.page.height - MARGIN - 40) {
        doc.addPage();
        y = MARGIN;
      }
      drawText(doc, line.invNo, MARGIN, y);
      if (line.shortPayReason) {
        drawText(doc, textOf(labels.shortPayReasons, line.shortPayReason), MARGIN + 170, y);
      }
      drawText(doc, money(line.amount), MARGIN, y, { width, align: 'right' });
      y += 15;
    }
    y += 10;
  }

  if (summary.history.length > 0) {
    if (y > doc.page.height - MARGIN - 80) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(FONT_BOLD).fontSize(13);
    drawText(doc, labels.history, MARGIN, y);
    y += 20;
    doc.font(FONT_REGULAR).fontSize(9);
    for (const entry of summary.history) {
      drawText(doc, formatInstant(entry.at, options.locale, options.timeZone), MARGIN, y);
      drawText(doc, textOf(labels.events, entry.event), MARGIN + 170, y);
      y += 13;
    }
  }
  drawPageFooters(doc, {
    margin: MARGIN,
    pageOf: texts.pageOf,
    leftText: () => `${options.sellerName} · ${labels.title}`,
  });
  doc.end();
  return doc;
}
