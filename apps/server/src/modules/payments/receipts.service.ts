import { formatC2 } from '@settle/shared/format';
import { toMinorUnits } from '@settle/shared/money';
import type { EmailCourier } from '../../adapters/email/email-courier';
import { renderEmail } from '../../adapters/email/email-templates';
import type { Db } from '../../db/client';
import type { SessionContext } from '../auth/session.service';
import { documentReader, documentTexts, textOf } from '../documents/document-texts';
import type { PaymentQueriesService } from './payment-queries.service';
import * as repository from './payments.repository';
import { renderReceiptPdf } from './receipt-pdf';

export type ReceiptsService = ReturnType<typeof createReceiptsService>;

/** The receipt PDF for the reader, and the receipt email to the payer in the payer's language. */
export function createReceiptsService(db: Db, deps: { queries: PaymentQueriesService; email: EmailCourier }) {
  return {
    async pdf(session: SessionContext, request: { custNo: string; paymentLogId: number }) {
      // The customer comes with the access check: the payment and the customer are read once.
      const { summary, customer } = await deps.queries.summaryOf(
        session,
        request.paymentLogId,
        request.custNo,
      );
      const document = await renderReceiptPdf(summary, {
        ...documentReader(session.user),
        timeZone: session.user.timezone,
        company: customer.company,
        sellerName: await repository.findTenantName(db, session.tenantId),
      });
      return { filename: `receipt-${summary.paymentLogId}.pdf`, document };
    },

    /** Sent once, by whoever settled the payment; a payer without an email address gets none. */
    async sendEmail(payment: repository.PaymentRow): Promise<void> {
      if (!payment.payerEmail) return;
      const parties = await repository.findReceiptParties(db, payment.id);
      const lines = await repository.findLines(db, payment.id);
      const money = (value: string) =>
        formatC2(value, { locale: payment.localeForFormatting, currencyCode: payment.currencyCode });
      const methods = documentTexts(payment.language).paymentMethods;
      const rendered = renderEmail('paymentReceipt', payment.language, {
        payerName: payment.payerName,
        appName: parties?.app_name ?? 'Settle',
        company: parties?.company ?? '',
        custNo: payment.custNo,
        total: money(payment.total),
        fee: toMinorUnits(payment.fee) > 0 ? money(payment.fee) : null,
        method: textOf(methods, payment.paymentType).toLowerCase(),
        reference: `${payment.id} / ${payment.extTranRefId}`,
        invoices: lines.map((line) => line.invNo),
      });
      await deps.email.send({ tenantId: payment.tenantId, to: payment.payerEmail, ...rendered });
    },
  };
}
