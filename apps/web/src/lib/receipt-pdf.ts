import { readCookie, toApiError, XSRF_COOKIE, XSRF_HEADER } from './api-client';
import { ApiError, ClientErrorCode } from './api-error';
import { getApiBase } from './public-config';

/**
 * POST {api}/payment/log/receiptPDF: a payment's receipt as a PDF, for the receipt dialog and the
 * payment logs alike. A JSON content type means an error body (the spec), whatever the status.
 */
export async function getReceiptPdf(request: { custNo: string; paymentLogId: number }): Promise<Blob> {
  const headers: Record<string, string> = {
    Accept: 'application/pdf, application/json',
    'Content-Type': 'application/json',
  };
  const token = readCookie(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  const response = await fetchFile(`${getApiBase()}/payment/log/receiptPDF`, {
    method: 'POST',
    headers,
    body: JSON.stringify(request),
    credentials: 'same-origin',
  });
  return new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
}

/**
 * A file from the API (a receipt, a statement): a network failure or a JSON body (an error, as
 * the spec answers them, whatever the status) becomes an ApiError; otherwise the response.
 */
export async function fetchFile(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError({
      status: 0,
      code: ClientErrorCode.NETWORK,
      message: 'The server is not responding.',
    });
  }
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  if (!response.ok || contentType.includes('json')) {
    const payload = await response.json().catch(() => undefined);
    throw toApiError(response.ok ? 400 : response.status, payload, true);
  }
  return response;
}

/** Saves the blob under `filename` through a temporary link, as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
