import { BACKGROUND_HEADER, BACKGROUND_HEADER_VALUE } from '@settle/shared/background-calls';
import { ErrorCode, readErrorResponse } from '@settle/shared/error-codes';
import type { z } from 'zod';
import { ApiError, ClientErrorCode } from './api-error';
import { isBackgroundCall } from './background-calls';
import { getApiBase, getPublicConfig } from './public-config';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * With the tenant's methodOverride setting, PUT, PATCH and DELETE travel as POST with
 * X-HTTP-Method-Override: some provider networks' proxies let only GET and POST through.
 */
export function wireMethod(method: string): { method: string; headers: Record<string, string> } {
  if (getPublicConfig().methodOverride && OVERRIDABLE.has(method)) {
    return { method: 'POST', headers: { [METHOD_OVERRIDE_HEADER]: method } };
  }
  return { method, headers: {} };
}

/** What the app shell reacts to whichever screen made the call. */
export type ApiFailureEvent =
  | { kind: 'session-ended'; reason: string }
  | { kind: 'network' }
  | { kind: 'server-error'; status: number };

type ApiFailureListener = (event: ApiFailureEvent) => void;
const listeners = new Set<ApiFailureListener>();

export function subscribeApiFailures(listener: ApiFailureListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: ApiFailureEvent) {
  for (const listener of listeners) listener(event);
}

const SESSION_CODES = new Set<string>([
  ErrorCode.SESSION_EXPIRED,
  ErrorCode.MGMT_SHUTDOWN,
  ErrorCode.HOST_HEADER_MODIFIED,
  ErrorCode.UNAUTHENTICATED,
]);

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Extra request headers (the payments' Idempotency-Key). */
  headers?: Record<string, string>;
  /** Validates the answer so that a contract drift fails loudly here, not deep in a screen. */
  schema?: z.ZodType<T>;
  /**
   * The same without zod, for the sign-in pages (they load before zod): the answer, or null
   * when it is not what the contract says.
   */
  parse?: (payload: unknown) => T | null;
  signal?: AbortSignal;
  /** False for calls whose 401 is an answer, not an ended session (sign-in with a wrong password). */
  sessionAware?: boolean;
  /**
   * True when the screen shows its own message (with a retry) for a failed call: the
   * server-error and network notifications are then left out, so the user reads one message.
   */
  showsOwnFailure?: boolean;
}

/** The cookie changes at sign-in and sign-out, so it is read at every call. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(key, value);
  const search = params.toString();
  return `${getApiBase()}${path}${search ? `?${search}` : ''}`;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // Read before the first await: the poll's mark lasts only while React Query starts the query.
  if (isBackgroundCall()) headers[BACKGROUND_HEADER] = BACKGROUND_HEADER_VALUE;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }

  const wire = wireMethod(method);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: wire.method,
      headers: { ...headers, ...wire.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query is not a failure worth telling the user about.
    if (options.signal?.aborted) throw error;
    if (!options.showsOwnFailure) emit({ kind: 'network' });
    throw new ApiError({
      status: 0,
      code: ClientErrorCode.NETWORK,
      message: 'The server is not responding.',
    });
  }

  const payload = await readJson(response);
  if (!response.ok)
    throw toApiError(
      response.status,
      payload,
      options.sessionAware ?? true,
      options.showsOwnFailure ?? false,
    );
  if (options.parse) {
    const value = options.parse(payload);
    if (value === null)
      throw new ApiError({
        status: response.status,
        code: ClientErrorCode.BAD_RESPONSE,
        message: `Unexpected answer from ${path}`,
      });
    return value;
  }
  if (!options.schema) return payload as T;
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: ClientErrorCode.BAD_RESPONSE,
      message: parsed.error.message,
    });
  }
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * An error answer as an ApiError, telling the app shell first when it ends the session or is a
 * server failure. Exported for the calls that cannot go through fetch (uploads, for their progress).
 */
export function toApiError(
  status: number,
  payload: unknown,
  sessionAware: boolean,
  showsOwnFailure = false,
): ApiError {
  // A plain check rather than the zod schema: the sign-in pages call the API before zod loads.
  const parsed = readErrorResponse(payload);
  const error = parsed
    ? new ApiError({ status, ...parsed })
    : new ApiError({
        status,
        code: status >= 500 ? ClientErrorCode.SERVER_ERROR : ErrorCode.BAD_REQUEST,
        message: typeof payload === 'string' ? payload : `HTTP ${status}`,
      });
  if (status >= 500 && !showsOwnFailure) emit({ kind: 'server-error', status });
  if (sessionAware && status === 401) {
    emit({
      kind: 'session-ended',
      reason: SESSION_CODES.has(error.code) ? error.code : ErrorCode.UNAUTHENTICATED,
    });
  }
  // The spec's 415 means a deactivated user; a real media-type refusal (uploads) must not sign anyone out.
  if (sessionAware && status === 415 && error.code !== ErrorCode.UNSUPPORTED_MEDIA_TYPE) {
    emit({ kind: 'session-ended', reason: ErrorCode.USER_INACTIVE });
  }
  return error;
}
