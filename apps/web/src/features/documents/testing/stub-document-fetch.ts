import { vi } from 'vitest';

export interface DocumentCall {
  url: URL;
  init: RequestInit;
}

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

/**
 * Replaces fetch for the document route (the shared stubApi answers JSON only). Every call is
 * recorded; `reply` decides the answer.
 */
export function stubDocumentFetch(reply: (call: DocumentCall) => Response | Promise<Response> = pdfReply) {
  const calls: DocumentCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: new URL(String(input), 'http://localhost'), init };
    calls.push(call);
    return reply(call);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
