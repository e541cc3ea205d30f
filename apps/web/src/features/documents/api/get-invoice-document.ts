import { ZErrorResponse } from '@settle/shared/errors';
import type { TInvoiceStatus } from '@settle/shared/invoices';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { getApiBase } from '../../../lib/public-config';
import { type PdfFileSource, usePdfFile } from './use-pdf-file';

const DOCUMENT_PATH = '/gateway/downloadLinkedContent';

/** The fallback key when an error names nothing we can translate (the spec's 'Unknown Error'). */
export const UNKNOWN_DOCUMENT_ERROR = 'UNKNOWN';

export interface InvoiceDocumentRequest {
  invNos: string[];
  invStatus: TInvoiceStatus;
}

export interface InvoiceDocument {
  /** The PDF, one invoice per new page. A Blob, not an ArrayBuffer: pdf.js detaches the buffers it is given. */
  blob: Blob;
  /** invoice-<invNo>.pdf for one invoice, invoices.pdf for several. */
  filename: string;
}

/**
 * A refused document. The spec's "invoice document message header": `messageKey` is the
 * `message` response header (INVOICE_NOT_FOUND, NO_INVOICE_SELECTED, TOO_MANY_INVOICES...) and
 * `args` the comma-separated `arg` header. An ApiError, so the app's session checks apply.
 */
export class InvoiceDocumentError extends ApiError {
  get messageKey(): string {
    return this.code;
  }
}

/**
 * The address of the document. The viewer asks with `type=download` as the spec does;
 * `type=view` (answered inline) is there for a caller that opens the address itself.
 * `time` defeats caches.
 */
export function buildInvoiceDocumentUrl(
  request: InvoiceDocumentRequest & { type: 'download' | 'view'; time?: number },
): string {
  const params = new URLSearchParams({
    type: request.type,
    time: String(request.time ?? Date.now()),
    invStatus: request.invStatus,
  });
  for (const invNo of request.invNos) params.append('invNo', invNo);
  return `${getApiBase()}${DOCUMENT_PATH}?${params.toString()}`;
}

export function invoiceDocumentFilename(invNos: string[]): string {
  const [first] = invNos;
  if (invNos.length !== 1 || !first) return 'invoices.pdf';
  // Invoice numbers are the customer's: keep them readable, but never a path or a reserved character.
  return `invoice-${first.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
}

/** The server percent-encodes header values so that any text survives an ASCII header. */
function decodeHeaderValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The `arg` header: comma-separated values, each percent-encoded on its own. */
export function parseArgHeader(header: string | null): string[] {
  if (!header) return [];
  return header.split(',').map(decodeHeaderValue);
}

export async function getInvoiceDocument(
  request: InvoiceDocumentRequest,
  signal?: AbortSignal,
): Promise<InvoiceDocument> {
  let response: Response;
  try {
    response = await fetch(buildInvoiceDocumentUrl({ ...request, type: 'download' }), {
      // A GET changes nothing: no XSRF header, only the session cookie.
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf, application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new InvoiceDocumentError({
      status: 0,
      code: ClientErrorCode.NETWORK,
      message: 'The server is not responding.',
    });
  }

  // The spec: a message header means an error, whatever the status.
  const messageHeader = response.headers.get('message');
  if (!response.ok || messageHeader) throw await toDocumentError(response, messageHeader);

  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/pdf')) {
    throw new InvoiceDocumentError({
      status: response.status,
      code: ClientErrorCode.BAD_RESPONSE,
      message: `Expected a PDF, got ${contentType || 'nothing'}.`,
    });
  }
  return {
    blob: new Blob([await response.arrayBuffer()], { type: 'application/pdf' }),
    filename: invoiceDocumentFilename(request.invNos),
  };
}

async function toDocumentError(
  response: Response,
  messageHeader: string | null,
): Promise<InvoiceDocumentError> {
  const body = ZErrorResponse.safeParse(await response.json().catch(() => undefined));
  const headerArgs = parseArgHeader(response.headers.get('arg'));
  // The headers are the contract; the JSON body only helps when a proxy dropped them.
  const code =
    (messageHeader ? decodeHeaderValue(messageHeader).trim() : undefined) ||
    (body.success ? body.data.code : undefined) ||
    (response.status >= 500 ? ClientErrorCode.SERVER_ERROR : UNKNOWN_DOCUMENT_ERROR);
  return new InvoiceDocumentError({
    status: response.status,
    code,
    message: body.success ? body.data.message : `HTTP ${response.status}`,
    args: headerArgs.length > 0 ? headerArgs : body.success ? (body.data.args ?? []) : [],
  });
}

/**
 * The document while the viewer is open. Not cached after it closes (gcTime 0): a PDF can be
 * large, and reopening must show the invoices as they are now.
 */
export function useInvoiceDocument(request: InvoiceDocumentRequest & { enabled?: boolean }) {
  return usePdfFile(invoiceDocumentSource(request), request.enabled ?? true);
}

/** The viewer's source for invoice documents. */
export function invoiceDocumentSource({ invNos, invStatus }: InvoiceDocumentRequest): PdfFileSource {
  return {
    key: ['invoiceDocument', invStatus, ...invNos],
    load: (signal) => getInvoiceDocument({ invNos, invStatus }, signal),
  };
}
