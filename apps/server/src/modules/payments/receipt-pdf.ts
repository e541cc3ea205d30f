import { formatC2 } from '@settle/shared/format';
import type { TPaymentSummary } from '@settle/shared/payments';
import {
  createPdfDocument,
  drawPageFooters,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  type PdfDocument,
} from '../documents/pdf-layout';

const MARGIN = 50;

type Labels = Record<
  | 'title'
  | 'status'
  | 'reference'
  | 'tracking'
  | 'authCode'
  | 'method'
  | 'account'
  | 'created'
  | 'settled'
  | 'customer'
  | 'amount'
  | 'fee'
  | 'total'
  | 'note'
  | 'contract'
  | 'invoices'
  | 'invoice'
  | 'reason'
  | 'history'
  | 'onAccount',
  string
> & { statuses: Record<string, string>; methods: Record<string, string> };

const LABELS: Record<'en' | 'fr', Labels> = {
  en: {
    title: 'Payment receipt',
    status: 'Status',
    reference: 'Reference',
    tracking: 'Tracking number',
    authCode: 'Authorization code',
    method: 'Method',
    account: 'Account',
    created: 'Started',
    settled: 'Completed',
    customer: 'Customer',
    amount: 'Amount',
    fee: 'Convenience fee',
    total: 'Total charged',
    note: 'Note',
    contract: 'Contract number',
    invoices: 'Invoices paid',
    invoice: 'Invoice',
    reason: 'Short-payment reason',
    history: 'History',
    onAccount: 'On-account payment',
    statuses: {
      SUCCESS: 'Successful',
      FAILURE: 'Declined',
      ERROR: 'Failed',
      CANCELLED: 'Cancelled',
      PENDING: 'Pending',
    },
    methods: { CREDIT_CARD: 'Credit card', DEBIT_CARD: 'Debit card', ECHECK: 'Electronic check' },
  },
  fr: {
    title: 'Reçu de paiement',
    status: 'Statut',
    reference: 'Référence',
    tracking: 'Numéro de suivi',
    authCode: "Code d'autorisation",
    method: 'Moyen de paiement',
    account: 'Compte',
    created: 'Commencé le',
    settled: 'Terminé le',
    customer: 'Client',
    amount: 'Montant',
    fee: 'Frais de service',
    total: 'Total débité',
    note: 'Note',
    contract: 'Numéro de contrat',
    invoices: 'Factures payées',
    invoice: 'Facture',
    reason: 'Motif du paiement partiel',
    history: 'Historique',
    onAccount: 'Paiement en compte',
    statuses: {
      SUCCESS: 'Réussi',
      FAILURE: 'Refusé',
      ERROR: 'Échoué',
      CANCELLED: 'Annulé',
      PENDING: 'En attente',
    },
    methods: { CREDIT_CARD: 'Carte de crédit', DEBIT_CARD: 'Carte de débit', ECHECK: 'Chèque électronique' },
  },
};

export function receiptLabels(language: string): Labels {
  return language.toLowerCase().startsWith('fr') ? LABELS.fr : LABELS.en;
}

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
 * The receipt of one payment as a PDF (the documents module's layout and fonts), in the
 * reader's language, amounts and dates by the reader's formatting locale.
 */
export async function renderReceiptPdf(
  summary: TPaymentSummary,
  options: { language: string; locale: string; timeZone: string; company: string; sellerName: string },
): Promise<PdfDocument> {
  const labels = receiptLabels(options.language);
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
    [labels.status, labels.statuses[summary.paymentDecision] ?? summary.paymentDecision],
    [labels.reference, `${summary.paymentLogId} · ${summary.extTranRefId}`],
    [labels.customer, `${options.company} (${summary.custNo})`],
    [labels.method, labels.methods[summary.paymentType] ?? summary.paymentType],
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
      drawText(doc, line.shortPayReason ?? '', MARGIN + 170, y);
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
      drawText(doc, `${entry.event}${entry.detail ? ` · ${entry.detail}` : ''}`, MARGIN + 170, y);
      y += 13;
    }
  }
  drawPageFooters(doc, { margin: MARGIN, leftText: () => `${options.sellerName} · ${labels.title}` });
  doc.end();
  return doc;
}
