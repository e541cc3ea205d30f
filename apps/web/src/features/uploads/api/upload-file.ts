import { type TUploadResponse, ZUploadResponse } from '@settle/shared/uploads';
import { readCookie, toApiError, XSRF_COOKIE, XSRF_HEADER } from '../../../lib/api-client';
import { getApiBase } from '../../../lib/public-config';

/** A refused or failed upload: the server's text when it sent one, else null (the caller's generic message). */
export class UploadError extends Error {
  readonly status: number;
  readonly serverText: string | null;
  constructor(status: number, serverText: string | null) {
    super(serverText ?? `Upload failed (${status})`);
    this.name = 'UploadError';
    this.status = status;
    this.serverText = serverText;
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The text of an error answer: the error shape's message, or the body as sent. */
function serverTextOf(body: string): string | null {
  if (!body.trim()) return null;
  const parsed = parseJson(body);
  if (parsed === undefined) return body;
  if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
    return parsed.message || null;
  return typeof parsed === 'string' && parsed.trim() ? parsed : null;
}

/**
 * POST {api}/upload/file, multipart, with the X-XSRF-TOKEN header. XMLHttpRequest rather than
 * fetch because only it reports the upload's progress (onProgress gets 0–100).
 */
export function uploadFile(options: {
  file: File;
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<TUploadResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${getApiBase()}/upload/file`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) request.setRequestHeader(XSRF_HEADER, token);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        const parsed = parseJson(request.responseText);
        const answer = ZUploadResponse.safeParse(parsed);
        if (answer.success) resolve(answer.data);
        else reject(new UploadError(request.status, null));
        return;
      }
      // An ended session or a server failure is handled by the app shell as for any other call.
      toApiError(request.status, parseJson(request.responseText) ?? request.responseText, true);
      reject(new UploadError(request.status, serverTextOf(request.responseText)));
    });
    request.addEventListener('error', () => reject(new UploadError(0, null)));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', options.file, options.file.name);
    request.send(form);
  });
}
