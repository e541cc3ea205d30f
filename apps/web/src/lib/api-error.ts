import type { TFieldError } from '@settle/shared/errors';
import type { TFunction } from 'i18next';

/** Codes the client itself gives to failures that never reached the API's error shape. */
export const ClientErrorCode = {
  NETWORK: 'NETWORK',
  SERVER_ERROR: 'SERVER_ERROR',
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;

/** A failed API call: the server's error shape, or status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly args: string[];
  readonly fieldErrors: TFieldError[];

  constructor(options: {
    status: number;
    code: string;
    message: string;
    args?: string[];
    fieldErrors?: TFieldError[];
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.args = options.args ?? [];
    this.fieldErrors = options.fieldErrors ?? [];
  }
}

/** 401 and 415 end the session; the global handler already reacted, so screens stay quiet about them. */
export function isSessionEndingError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 415);
}

/**
 * The text to show for a failure: `errors:<CODE>` in the user's language, with the server's
 * English message as the fallback and its args available as {{0}}, {{1}}.
 */
export function translateApiError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors:UNKNOWN');
  if (error.status === 0) return t('errors:NETWORK');
  if (error.status >= 500) return t('errors:SERVER_ERROR', { status: error.status });
  const args = Object.fromEntries(error.args.map((value, index) => [String(index), value]));
  return t(`errors:${error.code}`, { ...args, defaultValue: error.message || t('errors:UNKNOWN') });
}
