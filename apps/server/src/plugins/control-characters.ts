import { ErrorCode } from '@settle/shared/errors';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@settle/shared/rules/text-input';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * The one place that refuses control characters in any text input, for every route present
 * and to come: path parameters, query and JSON body are checked before their schemas, so a
 * NUL never reaches PostgreSQL (which would answer a 500 and log the statement).
 */
export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findControlCharacter(value);
      if (!path) continue;
      const field = [part, ...path].join('.');
      throw new AppError({
        statusCode: 400,
        code: ErrorCode.VALIDATION_FAILED,
        message: `${field}: ${CONTROL_CHARACTER_MESSAGE}`,
        fieldErrors: [{ field, message: CONTROL_CHARACTER_MESSAGE }],
      });
    }
  });
}
