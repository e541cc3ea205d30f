import { IDEMPOTENCY_KEY_HEADER, PAYMENT_MESSAGES } from '@settle/shared/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error';
import { sessionOf } from '../../plugins/session';
import { type IdempotencyService, requestHash } from './idempotency.service';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const claims = new WeakMap<FastifyRequest, number>();

/**
 * Route hooks that make a state-changing route idempotent by the Idempotency-Key header.
 * Put `preHandler` after the session check and `onSend` on the same route. With `required`,
 * a request without a key is refused; otherwise a key is honoured when sent.
 *
 * What is stored: every answer below 500 but 409 (a conflict such as "a payment is already in
 * flight" is worth retrying with the same key); a 5xx or a 409 frees the key instead.
 */
export function idempotencyHooks(idempotency: IdempotencyService, options: { required: boolean }) {
  return {
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      const key = Array.isArray(header) ? header[0] : header;
      if (key === undefined || key === '') {
        if (options.required)
          throw badRequest(PAYMENT_MESSAGES.idempotencyKeyMissing, undefined, 'IDEMPOTENCY_KEY_MISSING');
        return;
      }
      if (!KEY_PATTERN.test(key))
        throw badRequest(
          'The Idempotency-Key header is 1 to 255 visible ASCII characters.',
          undefined,
          'IDEMPOTENCY_KEY_INVALID',
        );
      const session = sessionOf(request);
      const result = await idempotency.claim(
        { tenantId: session.tenantId, userId: session.userId, key },
        requestHash({ method: request.method, path: request.url.split('?')[0]!, body: request.body }),
      );
      if (result.kind === 'claimed') {
        claims.set(request, result.id);
        return;
      }
      if (result.kind === 'mismatch')
        throw new AppError({
          statusCode: 422,
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: PAYMENT_MESSAGES.idempotencyKeyReused,
        });
      if (result.kind === 'in_progress')
        throw new AppError({
          statusCode: 409,
          code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
          message: PAYMENT_MESSAGES.idempotencyKeyInProgress,
        });
      return reply
        .code(result.status)
        .header('idempotent-replayed', 'true')
        .type(result.type)
        .send(result.body);
    },

    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const id = claims.get(request);
      if (id === undefined) return payload;
      claims.delete(request);
      const status = reply.statusCode;
      if (status >= 500 || status === 409 || typeof payload !== 'string') {
        await idempotency.release(id);
      } else {
        const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        await idempotency.complete(id, { status, body: payload, type });
      }
      return payload;
    },
  };
}
