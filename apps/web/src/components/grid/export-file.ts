import { ZErrorResponse } from '@settle/shared/errors';
import { useCallback, useRef, useState } from 'react';
import { ApiError, ClientErrorCode } from '../../lib/api-error';
import { getApiBase } from '../../lib/public-config';

export type ExportFormat = 'xlsx' | 'pdf';
export type ExportScope = 'page' | 'all';

export interface ExportRequest {
  format: ExportFormat;
  scope: ExportScope;
  /** The grid's list query (filter, sort, page…), sent as it is. */
  query: Record<string, string | undefined>;
  /** The grid's shown columns, in order, so the file holds what the user sees. */
  columns: string[];
}

/** Where a grid's exports are: {api}/invoices/export, {api}/disputes/export; also the file's fallback name. */
export interface GridExportTarget {
  path: string;
  fallbackName: string;
}

export interface ExportProgress {
  /** Rows in the export, from X-Total-Count; null until the headers arrive. */
  total: number | null;
  bytes: number;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
  total: number | null;
}

export function exportUrl(target: GridExportTarget, request: ExportRequest): string {
  const params = new URLSearchParams();
  const query = {
    ...request.query,
    scope: request.scope,
    columns: request.columns.join(','),
  };
  for (const [key, value] of Object.entries(query)) if (value) params.append(key, value);
  return `${getApiBase()}${target.path}/${request.format}?${params.toString()}`;
}

/** The name the server gives in Content-Disposition (RFC 6266: filename* wins over filename). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

/**
 * GET {api}/<grid>/export/{xlsx|pdf}. The file is streamed without a length, so progress is
 * the row count announced in X-Total-Count and the bytes read so far. A refusal (a PDF too
 * large, a bad filter) is a JSON error body and becomes an ApiError.
 */
export async function exportGrid(
  target: GridExportTarget,
  request: ExportRequest,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<ExportedFile> {
  let response: Response;
  try {
    response = await fetch(exportUrl(target, request), {
      headers: { Accept: 'application/octet-stream, application/json' },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: ClientErrorCode.NETWORK,
      message: 'The server is not responding.',
    });
  }
  if (!response.ok) throw await toExportError(response);

  const totalHeader = response.headers.get('x-total-count');
  const total = totalHeader === null || Number.isNaN(Number(totalHeader)) ? null : Number(totalHeader);
  options.onProgress?.({ total, bytes: 0 });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      options.onProgress?.({ total, bytes });
    }
  } else {
    const buffer = new Uint8Array(await response.arrayBuffer());
    chunks.push(buffer);
    options.onProgress?.({ total, bytes: buffer.byteLength });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fallback = `${target.fallbackName}.${request.format}`;
  return {
    blob: new Blob(chunks, { type }),
    filename: filenameFromDisposition(response.headers.get('content-disposition'), fallback),
    total,
  };
}

async function toExportError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    payload = undefined;
  }
  const parsed = ZErrorResponse.safeParse(payload);
  if (parsed.success) return new ApiError({ status: response.status, ...parsed.data });
  return new ApiError({
    status: response.status,
    code: response.status >= 500 ? ClientErrorCode.SERVER_ERROR : 'BAD_REQUEST',
    message: text || `HTTP ${response.status}`,
  });
}

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; request: ExportRequest; progress: ExportProgress }
  | { phase: 'failed'; request: ExportRequest; error: unknown };

/**
 * One export at a time with its progress; `run` resolves with the file (or null when it
 * failed or was cancelled) and the caller decides whether to download or open it.
 */
export function useGridExport(target: GridExportTarget) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (request: ExportRequest): Promise<ExportedFile | null> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'running', request, progress: { total: null, bytes: 0 } });
      try {
        const file = await exportGrid(target, request, {
          signal: current.signal,
          onProgress: (progress) => {
            if (controller.current === current) setState({ phase: 'running', request, progress });
          },
        });
        if (controller.current === current) setState({ phase: 'idle' });
        return file;
      } catch (error) {
        if (controller.current === current) {
          setState(current.signal.aborted ? { phase: 'idle' } : { phase: 'failed', request, error });
        }
        return null;
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [target],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, run, cancel, dismiss };
}
