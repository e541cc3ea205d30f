import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 kB and more, brotli first then gzip, as the client accepts. Brotli at
 * quality 4: on answers made per request, the default 11 costs tens of milliseconds for a few
 * per cent; the built web files come precompressed at 11 (apps/web/vite-precompress.ts).
 * Already encoded answers (those files, the Excel and PDF exports) are left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    // Answers made in memory up to 128 kB (a grid page of 200 rows) are compressed in one call:
    // on this size the per-answer zlib stream (the default beyond 8 kB on two cores) costs more
    // CPU than the compression itself, a measured share of every grid call under load.
    syncThreshold: 131_072,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
