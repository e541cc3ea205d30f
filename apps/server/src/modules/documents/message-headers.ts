import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The invoice viewer reads errors from response headers, not from the body: `message` is a
 * translatable key and `arg` up to a few comma-separated values to fill it with (the
 * specification's "invoice document message header"). This route-level onSend hook copies
 * them from the JSON error body that the one error handler produced, so every failure of
 * the route (its own, a validation error, a missing session) carries them.
 *
 * Header values may only hold visible ASCII, so anything else (and '%' and ',') is percent-encoded:
 * decodeURIComponent on each comma-separated piece gives the original text back.
 */
export async function addMessageHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || reply.hasHeader('message') || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as { code?: unknown; args?: unknown };
    const code = typeof body.code === 'string' ? body.code : 'UNKNOWN_ERROR';
    reply.header('message', toHeaderValue(code));
    if (Array.isArray(body.args) && body.args.length > 0) {
      reply.header('arg', body.args.map((arg) => toHeaderValue(String(arg))).join(','));
    }
  } catch {
    request.log.debug('error body was not JSON; no message header');
  }
  return payload;
}

export function toHeaderValue(text: string): string {
  return text.replace(/[^\x20-\x24\x26-\x2b\x2d-\x7e]/gu, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: the replacement character
    }
  });
}
