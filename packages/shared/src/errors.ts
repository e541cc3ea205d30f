import { z } from 'zod';

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
  INTERNAL: 'INTERNAL',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ZFieldError = z.object({
  field: z.string().meta({ description: 'Dotted path of the offending field' }),
  message: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/** The one error shape every 4xx and 5xx answer of the API carries. */
export const ZErrorResponse = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    args: z.array(z.string()).optional(),
    fieldErrors: z.array(ZFieldError).optional(),
    requestId: z
      .string()
      .optional()
      .meta({ description: "On 5xx answers: the request's id, as written in every log line of it" }),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
