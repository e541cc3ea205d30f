import type { TPublicConfig } from '@settle/shared/config';
import { describe, expect, it, vi } from 'vitest';
import { networkDown, stubApi } from '../../../testing/fetch-stub';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';
import { documentRoute, PDF_BYTES, refusalReply } from '../testing/document-routes';
import {
  buildInvoiceDocumentUrl,
  getInvoiceDocument,
  InvoiceDocumentError,
  invoiceDocumentFilename,
  parseArgHeader,
} from './get-invoice-document';

async function refusal(promise: Promise<unknown>): Promise<InvoiceDocumentError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvoiceDocumentError);
  return error as InvoiceDocumentError;
}

/** jsdom's Blob has no arrayBuffer(); its FileReader does the same. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('getInvoiceDocument', () => {
  it('asks downloadLinkedContent for a download, with invNo repeated, the status and a time', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_730_000_000_000);
    setXsrfCookie('not-for-a-get');
    const calls = stubApi([documentRoute()]);

    const document = await getInvoiceDocument({ invNos: ['INV-1', 'INV 2/b'], invStatus: 'C' });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url.pathname).toBe('/getpaid-rest/api/gateway/downloadLinkedContent');
    expect(call?.url.searchParams.get('type')).toBe('download');
    expect(call?.url.searchParams.get('time')).toBe('1730000000000');
    expect(call?.url.searchParams.get('invStatus')).toBe('C');
    expect(call?.url.searchParams.getAll('invNo')).toEqual(['INV-1', 'INV 2/b']);
    expect(call?.credentials).toBe('same-origin');
    expect(call?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(document.filename).toBe('invoices.pdf');
    expect(document.blob.type).toBe('application/pdf');
    expect(Array.from(await readBytes(document.blob))).toEqual(Array.from(PDF_BYTES));
    vi.restoreAllMocks();
  });

  it('follows the configured REST base', () => {
    window.settleConfig = { apiBase: '/ar/api' } as TPublicConfig;
    const url = buildInvoiceDocumentUrl({ invNos: ['A'], invStatus: 'O', type: 'view', time: 5 });
    expect(url).toBe('/ar/api/gateway/downloadLinkedContent?type=view&time=5&invStatus=O&invNo=A');
  });

  it('names the file after the one invoice, or invoices.pdf for several', () => {
    expect(invoiceDocumentFilename(['INV-2025-000165'])).toBe('invoice-INV-2025-000165.pdf');
    expect(invoiceDocumentFilename(['../a b'])).toBe('invoice-.._a_b.pdf');
    expect(invoiceDocumentFilename(['A', 'B'])).toBe('invoices.pdf');
  });

  it('throws the message header as the key and the arg header as the values', async () => {
    stubApi([
      documentRoute(() => refusalReply({ status: 404, message: 'INVOICE_NOT_FOUND', arg: 'INV-9,INV-10' })),
    ]);
    const error = await refusal(getInvoiceDocument({ invNos: ['INV-9', 'INV-10'], invStatus: 'O' }));
    expect(error).toMatchObject({ status: 404, messageKey: 'INVOICE_NOT_FOUND', args: ['INV-9', 'INV-10'] });
  });

  it('decodes the percent-encoded header values the server sends for non-ASCII text and commas', async () => {
    expect(parseArgHeader('F%C3%89-1,A%2CB')).toEqual(['FÉ-1', 'A,B']);
    expect(parseArgHeader('bad%E0,ok')).toEqual(['bad%E0', 'ok']);
    expect(parseArgHeader(null)).toEqual([]);
  });

  it('treats a message header as an error even with status 200', async () => {
    stubApi([
      documentRoute(
        () =>
          new Response('', {
            status: 200,
            headers: { 'content-type': 'application/pdf', message: 'TOO_MANY_INVOICES', arg: '60,50' },
          }),
      ),
    ]);
    const error = await refusal(getInvoiceDocument({ invNos: ['A'], invStatus: 'O' }));
    expect(error).toMatchObject({ messageKey: 'TOO_MANY_INVOICES', args: ['60', '50'] });
  });

  it('falls back to the JSON body when the headers were lost, then to UNKNOWN', async () => {
    stubApi([
      documentRoute(
        () =>
          new Response(
            JSON.stringify({ statusCode: 400, code: 'NO_INVOICE_SELECTED', message: 'x', args: ['1'] }),
            {
              status: 400,
            },
          ),
      ),
    ]);
    expect(await refusal(getInvoiceDocument({ invNos: [], invStatus: 'O' }))).toMatchObject({
      messageKey: 'NO_INVOICE_SELECTED',
      args: ['1'],
    });

    stubApi([documentRoute(() => new Response('<html>proxy error</html>', { status: 404 }))]);
    expect(await refusal(getInvoiceDocument({ invNos: ['A'], invStatus: 'O' }))).toMatchObject({
      status: 404,
      messageKey: 'UNKNOWN',
      args: [],
    });
  });

  it('refuses an answer that is not a PDF, and reports an unreachable server as status 0', async () => {
    stubApi([
      documentRoute(
        () => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      ),
    ]);
    expect(await refusal(getInvoiceDocument({ invNos: ['A'], invStatus: 'O' }))).toMatchObject({
      messageKey: 'BAD_RESPONSE',
    });

    stubApi([documentRoute(networkDown)]);
    expect(await refusal(getInvoiceDocument({ invNos: ['A'], invStatus: 'O' }))).toMatchObject({
      status: 0,
      messageKey: 'NETWORK',
    });
  });
});
