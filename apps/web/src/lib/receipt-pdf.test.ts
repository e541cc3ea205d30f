import { describe, expect, it } from 'vitest';
import { stubApi } from '../testing/fetch-stub';
import { setXsrfCookie } from '../testing/xsrf-cookie';
import { ApiError } from './api-error';
import { getReceiptPdf } from './receipt-pdf';

const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n%receipt\n');

describe('getReceiptPdf', () => {
  it('posts the payment and answers the PDF as a blob, with the XSRF header', async () => {
    setXsrfCookie('xsrf-9');
    const calls = stubApi([
      {
        method: 'POST',
        path: '/payment/log/receiptPDF',
        reply: new Response(PDF_BYTES, { headers: { 'content-type': 'application/pdf' } }),
      },
    ]);
    const blob = await getReceiptPdf({ custNo: 'C100', paymentLogId: 42 });
    expect(blob.type).toBe('application/pdf');
    expect(Array.from(new Uint8Array(await blob.arrayBuffer()))).toEqual(Array.from(PDF_BYTES));
    expect(calls[0]!.body).toEqual({ custNo: 'C100', paymentLogId: 42 });
    expect(calls[0]!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-9');
  });

  it('reads a JSON answer as an error body, even with status 200', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/payment/log/receiptPDF',
        reply: { status: 200, body: { statusCode: 404, code: 'NOT_FOUND', message: 'No such payment' } },
      },
    ]);
    const failure = await getReceiptPdf({ custNo: 'C100', paymentLogId: 7 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'NOT_FOUND', message: 'No such payment' });
  });
});
