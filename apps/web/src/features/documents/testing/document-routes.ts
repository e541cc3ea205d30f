import type { StubRoute } from '../../../testing/fetch-stub';

/** The document address under the API base: one call for one or several invoices. */
export const DOCUMENT_PATH = '/gateway/downloadLinkedContent';

/** A minimal PDF header: enough for code that checks the bytes arrive; pdf.js is mocked in tests. */
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n%test\n');

export function pdfReply(): Response {
  return new Response(PDF_BYTES, { status: 200, headers: { 'content-type': 'application/pdf' } });
}

/** The server's refusal: the error body plus the `message` and `arg` headers the viewer reads. */
export function refusalReply(options: {
  status: number;
  message: string;
  arg?: string;
  body?: object;
}): Response {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    message: options.message,
  });
  if (options.arg !== undefined) headers.set('arg', options.arg);
  return new Response(
    JSON.stringify(options.body ?? { statusCode: options.status, code: options.message, message: 'refused' }),
    { status: options.status, headers },
  );
}

/** The document route for stubApi: a PDF unless told otherwise. */
export function documentRoute(reply: StubRoute['reply'] = pdfReply): StubRoute {
  return { method: 'GET', path: DOCUMENT_PATH, reply };
}
