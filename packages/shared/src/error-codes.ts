/*
 * The API's error codes and error shape without zod: the sign-in pages read failures with
 * these before the rest of the app (and zod) has loaded. errors.ts builds the schema on them.
 */

/**
 * Machine-readable error codes. The web client translates `errors.<code>`;
 * `message` is the English fallback so that any client gets a readable text.
 */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  MGMT_SHUTDOWN: 'MGMT_SHUTDOWN',
  HOST_HEADER_MODIFIED: 'HOST_HEADER_MODIFIED',
  CSRF_REJECTED: 'CSRF_REJECTED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CURRENCY_NOT_AVAILABLE: 'CURRENCY_NOT_AVAILABLE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  USER_INACTIVE: 'USER_INACTIVE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The database (or another dependency) cannot be reached for now; Retry-After says when to try. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The file store refused the bytes (full, read-only, missing): nothing was kept. */
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface TFieldError {
  /** Dotted path of the offending field. */
  field: string;
  message: string;
}

/** The one error shape every 4xx and 5xx answer of the API carries. */
export interface TErrorResponse {
  statusCode: number;
  code: string;
  message: string;
  args?: string[];
  fieldErrors?: TFieldError[];
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isFieldError(value: unknown): value is TFieldError {
  return isObject(value) && isString(value.field) && isString(value.message);
}

/** The payload as the API's error shape when it is one (what ZErrorResponse accepts), else null. */
export function readErrorResponse(payload: unknown): TErrorResponse | null {
  if (!isObject(payload)) return null;
  const { statusCode, code, message, args, fieldErrors } = payload;
  if (!Number.isSafeInteger(statusCode) || !isString(code) || !isString(message)) return null;
  if (args !== undefined && !(Array.isArray(args) && args.every(isString))) return null;
  if (fieldErrors !== undefined && !(Array.isArray(fieldErrors) && fieldErrors.every(isFieldError)))
    return null;
  return {
    statusCode: statusCode as number,
    code,
    message,
    ...(args === undefined ? {} : { args: args as string[] }),
    ...(fieldErrors === undefined
      ? {}
      : { fieldErrors: fieldErrors.map((error) => ({ field: error.field, message: error.message })) }),
  };
}
