import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { InvoicesService } from '../invoices/invoices.service';
import { documentReader } from './document-texts';
import { type InvoiceDocumentInput, renderInvoicesPdf } from './invoice-pdf';
import { type FontName, isFontName, readFont } from './pdf-layout';

/** Translatable keys the invoice viewer reads from the `message` response header. */
export const DocumentErrorCode = {
  INVOICE_NOT_FOUND: 'INVOICE_NOT_FOUND',
  NO_INVOICE_SELECTED: 'NO_INVOICE_SELECTED',
  TOO_MANY_INVOICES: 'TOO_MANY_INVOICES',
  FONT_NOT_FOUND: 'FONT_NOT_FOUND',
} as const;

/** One document holds at most this many invoices; more is refused rather than cut. */
export const MAX_INVOICES_PER_DOCUMENT = 50;
export const DEFAULT_SELLER_NAME = 'Northwind Receivables';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export type InvoicePdfRequest = { invNos: string[]; status?: 'O' | 'C'; custNo?: string };

export type InvoicePdf = { filename: string; invoiceCount: number; document: Readable };

/** A file name made only of safe characters, whatever an invoice number holds. */
function safeFileName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80) || 'invoice';
}

export function createDocumentsService(
  deps: { invoices: InvoicesService; accounts: AccountsService },
  options: { sellerName?: string } = {},
) {
  const sellerName = options.sellerName ?? DEFAULT_SELLER_NAME;

  return {
    /**
     * The invoices of one customer (the session's current one unless custNo names another
     * linked customer) as one PDF, in the reader's language and formats. Every number must be an invoice of that customer (and of
     * that status when given); otherwise nothing is rendered and the missing numbers are told.
     */
    async invoicePdf(session: SessionContext, request: InvoicePdfRequest): Promise<InvoicePdf> {
      const invNos = [...new Set(request.invNos.map((invNo) => invNo.trim()).filter(Boolean))];
      if (invNos.length === 0) {
        throw new AppError({
          statusCode: 400,
          code: DocumentErrorCode.NO_INVOICE_SELECTED,
          message: 'Select at least one invoice to print.',
        });
      }
      if (invNos.length > MAX_INVOICES_PER_DOCUMENT) {
        throw new AppError({
          statusCode: 400,
          code: DocumentErrorCode.TOO_MANY_INVOICES,
          message: `One document holds at most ${MAX_INVOICES_PER_DOCUMENT} invoices and ${invNos.length} were selected. Print them in smaller groups.`,
          args: [String(invNos.length), String(MAX_INVOICES_PER_DOCUMENT)],
        });
      }
      // The link to the customer is the access check (404 as for one that does not exist); the
      // invoices and their lines are then read once, under that customer only.
      const { customer } = await resolveCustomerScope(deps.accounts, session, { custNo: request.custNo });
      const [details, currencyMap] = await Promise.all([
        deps.invoices.findDetails(session, { customerId: customer.id, invNos, status: request.status }),
        deps.accounts.currencyMap(),
      ]);
      const missing = invNos.filter((invNo) => !details.some((detail) => detail.invoice.invNo === invNo));
      if (missing.length > 0) {
        // Another customer's invoice answers exactly like one that does not exist.
        throw new AppError({
          statusCode: 404,
          code: DocumentErrorCode.INVOICE_NOT_FOUND,
          message: `${missing.length === 1 ? 'Invoice' : 'Invoices'} ${missing.join(', ')} ${missing.length === 1 ? 'was' : 'were'} not found.`,
          args: missing,
        });
      }
      // In the order asked for; an invoice number with several transactions prints each one.
      const inputs: InvoiceDocumentInput[] = invNos.flatMap((invNo) =>
        details
          .filter((detail) => detail.invoice.invNo === invNo)
          .map((detail) => ({
            detail,
            company: customer.company,
            currencySymbol:
              currencyMap[detail.invoice.tranCurrencyCode] ?? `${detail.invoice.tranCurrencyCode} `,
          })),
      );
      // In the reader's language and formats, as the statement and the receipt.
      const document = await renderInvoicesPdf(inputs, { ...documentReader(session.user), sellerName });
      const filename =
        inputs.length === 1
          ? `invoice-${safeFileName(inputs[0]!.detail.invoice.invNo)}.pdf`
          : `invoices-${inputs.length}.pdf`;
      return { filename, invoiceCount: inputs.length, document };
    },

    /** The TTF of an allow-listed font name; any other name is 404. */
    font(name: string): { name: FontName; data: Buffer } {
      if (!isFontName(name)) {
        throw new AppError({
          statusCode: 404,
          code: DocumentErrorCode.FONT_NOT_FOUND,
          message: `There is no font named ${name.slice(0, 64)}.`,
          args: [name.slice(0, 64)],
        });
      }
      return { name, data: readFont(name) };
    },
  };
}
