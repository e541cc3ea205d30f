import { ErrorCode, type TErrorResponse, type TFieldError } from '@settle/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { databaseErrorForLog, isDatabaseError, isDatabaseUnavailable } from '../lib/database-errors';

/** How long a client should wait before trying again while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The one place that turns failures into the contract's error shape. 4xx answers say
 * clearly what was wrong; 5xx answers never carry internals (they are logged instead).
 *
 * 415 is reserved for "inactive user", as the specification's catalogue says, so a body
 * of an unsupported content type answers 400 UNSUPPORTED_MEDIA_TYPE instead.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { pageFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorResponse(error);
    // A failed query's SQL and parameters never reach the log, only its SQLSTATE and constraint.
    const err = isDatabaseError(error) ? databaseErrorForLog(error) : error;
    if (body.statusCode >= 500) {
      request.log.error({ err }, 'request failed');
      // The id lets a user's report be matched with the log lines of that request.
      body.requestId = request.id;
    } else request.log.info({ errorCode: body.code, statusCode: body.statusCode }, body.message);
    if (body.statusCode === 503) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return reply.code(body.statusCode).type('application/json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.pageFallback?.(request, reply)) return reply;
    const body: TErrorResponse = {
      statusCode: 404,
      code: ErrorCode.NOT_FOUND,
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.code(404).send(body);
  });
}

function toErrorResponse(error: FastifyError): TErrorResponse {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.args ? { args: error.args } : {}),
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: TFieldError[] = error.validation.map((issue) => ({
      field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'is not valid',
    }));
    const first = fieldErrors[0];
    return {
      statusCode: 400,
      code: ErrorCode.VALIDATION_FAILED,
      message: first ? `${first.field}: ${first.message}` : 'The request is not valid.',
      fieldErrors,
    };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return {
      statusCode: 400,
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      message: 'Send the body as application/json.',
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      statusCode: status,
      code: status === 429 ? ErrorCode.RATE_LIMITED : ErrorCode.BAD_REQUEST,
      message: error.message,
    };
  }
  return {
    statusCode: 500,
    code: ErrorCode.INTERNAL,
    message: 'Something went wrong on our side. Please try again later.',
  };
}
