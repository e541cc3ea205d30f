import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Nothing smaller is compressed: the headers would outweigh the gain. */
const THRESHOLD = 1024;
/** Answers made in memory up to this size (a grid page of 200 rows) are compressed in one call. */
const SYNC_LIMIT = 131_072;
/**
 * On a grid page of 50 rows quality 2 is as small as 4 (1,774 against 1,779 bytes of 25,306) for
 * half its CPU; on 150 rows it is about a fifth larger (4,170 against 3,511 of 75,351 bytes).
 * Measured on the server under load, quality 2 cut the grid call's CPU further than that.
 */
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 6;
/**
 * zlib's output chunk, below Node's Buffer pool limit (4 kB) so that the output of an answer is
 * carved from the shared pool instead of a new ArrayBuffer. The default 16 kB chunk gave every
 * answer an ArrayBuffer of its own, and that churn set off a full (mark-compact) collection
 * about every second under load: measured, the larger part of what compression cost a grid call.
 */
const CHUNK_SIZE = 2048;

/**
 * The JSON answer's bytes are written here before compression rather than into a new Buffer per
 * answer (same reason as CHUNK_SIZE). Safe to share: compression is synchronous and zlib copies
 * the input before returning, so no answer ever holds on to it.
 */
const scratch = Buffer.allocUnsafeSlow(SYNC_LIMIT);

/**
 * Compresses answers of 1 kB and more, brotli first then gzip, as the client accepts. Brotli at
 * quality 2 (BROTLI_QUALITY): on answers made per request, the default 11 costs tens of
 * milliseconds for a few per cent; the built web files come precompressed at 11
 * (apps/web/vite-precompress.ts).
 * Already encoded answers (those files, the Excel and PDF exports) are left alone.
 *
 * JSON answers held in memory (every API answer but the exports) take a lean path of their own
 * (compressBufferedJson); @fastify/compress handles the rest (streams, other types, answers over
 * 128 kB) and negotiates anything the lean path does not decide.
 */
export async function registerCompression(app: FastifyInstance) {
  // An application hook runs before the plugin's (route-level) one, which then sees the
  // Content-Encoding set here and passes the answer through.
  app.addHook('onSend', compressBufferedJson);
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD,
    syncThreshold: SYNC_LIMIT,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}

async function compressBufferedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string') return payload;
  if (reply.statusCode === 206 || reply.getHeader('content-range') !== undefined) return payload;
  if (reply.getHeader('content-encoding') !== undefined) return payload;
  if (request.headers['x-no-compression'] !== undefined) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
  const size = Buffer.byteLength(payload);
  if (size < THRESHOLD || size > SYNC_LIMIT) return payload;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  scratch.write(payload, 0, size, 'utf8');
  const input = scratch.subarray(0, size);
  const body =
    encoding === 'br'
      ? brotliCompressSync(input, {
          chunkSize: CHUNK_SIZE,
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        })
      : gzipSync(input, { chunkSize: CHUNK_SIZE, level: GZIP_LEVEL });
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}

/**
 * br or gzip when the client accepts one (the higher weight wins, brotli on a tie); undefined
 * leaves the decision to @fastify/compress (no header, identity only, an unknown coding).
 */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    let weight = 1;
    for (const parameter of parameters) {
      const [key = '', value = ''] = parameter.split('=');
      if (key.trim().toLowerCase() === 'q') weight = Number(value.trim());
    }
    // A malformed weight: the plugin's own negotiation decides.
    if (!(weight >= 0 && weight <= 1)) return undefined;
    const coding = name.trim().toLowerCase();
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, weight);
  }
  // '*' stands for every coding the header does not name.
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gzip = weights.get('gzip') ?? any;
  if (br === 0 && gzip === 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}
