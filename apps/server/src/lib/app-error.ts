import { ErrorCode, type TErrorCode, type TFieldError } from '@settle/shared/errors';

/** An expected failure with the status and message the client should see. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: TErrorCode | string;
  readonly args?: string[];
  readonly fieldErrors?: TFieldError[];

  constructor(options: {
    statusCode: number;
    code: TErrorCode | string;
    message: string;
    args?: string[];
    fieldErrors?: TFieldError[];
  }) {
    super(options.message);
    this.name = 'AppError';
    this.statusCode = options.statusCode;
    this.code = options.code;
    this.args = options.args;
    this.fieldErrors = options.fieldErrors;
  }
}

/** Another customer's object and one that does not exist answer alike. */
export function notFound(what: string): AppError {
  return new AppError({ statusCode: 404, code: ErrorCode.NOT_FOUND, message: `${what} was not found.` });
}

export function unauthenticated(code: TErrorCode = ErrorCode.UNAUTHENTICATED): AppError {
  const messages: Partial<Record<TErrorCode, string>> = {
    [ErrorCode.SESSION_EXPIRED]: 'Your session has expired. Please sign in again.',
    [ErrorCode.MGMT_SHUTDOWN]: 'Your session was ended by an administrator. Please sign in again.',
    [ErrorCode.HOST_HEADER_MODIFIED]: 'The request came through an unexpected address. Please sign in again.',
  };
  return new AppError({ statusCode: 401, code, message: messages[code] ?? 'Please sign in to continue.' });
}

export function badRequest(
  message: string,
  fieldErrors?: TFieldError[],
  code: string = ErrorCode.BAD_REQUEST,
) {
  return new AppError({ statusCode: 400, code, message, fieldErrors });
}
