import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache } from './bounded-cache';

type CachedAnswer = { body: Buffer | string; contentType: string; contentEncoding?: string; vary?: string };

/** Answers above this are not kept: a page of 200 rows compresses to well under it. */
const MAX_ANSWER_BYTES = 512 * 1024;

/**
 * A route's answers kept as sent (compressed), per process, under a validator the route works out
 * from what the session statement read on this very call (the versions of the data it shows): a
 * call whose validator matches gets the same bytes without the query, the serialisation or the
 * compression; any write to the data gives the next call a new validator, on every process at
 * once, so nothing stale is ever served. The key is the caller, the address and what the client
 * accepts, so an answer is only ever given again to whoever got it first.
 */
export function createResponseCache(options: { maxBytes: number; maxEntries?: number }) {
  const cache = new BoundedCache<CachedAnswer>(
    { maxBytes: options.maxBytes, maxEntries: options.maxEntries ?? 10_000 },
    (answer) => (typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length),
  );
  const pending = new WeakMap<FastifyRequest, { key: string; validator: string }>();
  const counts = { hits: 0, misses: 0 };

  return {
    counts,
    get size() {
      return cache.size;
    },

    /**
     * The hooks for one route: `lookup` as its last preHandler (after the session check), `store`
     * as its onSend. `validatorOf` answers undefined for a call the cache must leave alone.
     */
    forRoute(validatorOf: (request: FastifyRequest) => string | undefined) {
      return {
        async lookup(request: FastifyRequest, reply: FastifyReply): Promise<void> {
          if (options.maxBytes <= 0 || request.method !== 'GET' || !request.session) return;
          const validator = validatorOf(request);
          if (validator === undefined) return;
          const key = keyOf(request);
          const answer = cache.get(key, validator);
          if (!answer) {
            counts.misses += 1;
            pending.set(request, { key, validator });
            return;
          }
          counts.hits += 1;
          reply.code(200).header('content-type', answer.contentType);
          if (answer.contentEncoding) reply.header('content-encoding', answer.contentEncoding);
          if (answer.vary) reply.header('vary', answer.vary);
          await reply.send(answer.body);
        },

        async store(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
          const entry = pending.get(request);
          if (!entry || reply.statusCode !== 200) return payload;
          pending.delete(request);
          const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
          const contentType = reply.getHeader('content-type');
          if (body === undefined || typeof contentType !== 'string' || body.length > MAX_ANSWER_BYTES)
            return payload;
          const contentEncoding = reply.getHeader('content-encoding');
          const vary = reply.getHeader('vary');
          cache.set(entry.key, entry.validator, {
            body: typeof body === 'string' ? body : ownCopy(body),
            contentType,
            contentEncoding: typeof contentEncoding === 'string' ? contentEncoding : undefined,
            vary: typeof vary === 'string' ? vary : undefined,
          });
          return payload;
        },
      };
    },
  };
}

/**
 * A small Buffer is a slice of a shared 8 kB pool: kept as it is, it would hold the whole pool and
 * make the cache's byte count a quarter of what it holds.
 */
function ownCopy(body: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(body.length);
  body.copy(copy);
  return copy;
}

/** Who asks, what, and what they accept: everything besides the data that shapes the bytes. */
function keyOf(request: FastifyRequest): string {
  const { headers } = request;
  return JSON.stringify([
    request.session?.tokenHash ?? '',
    request.url,
    headers['accept-encoding'] ?? '',
    headers['x-no-compression'] !== undefined,
  ]);
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
