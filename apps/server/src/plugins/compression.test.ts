import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { preferredEncoding, registerCompression } from './compression';

// Answers travel compressed: the built web files as the build precompressed them, with a year
// of immutable caching for hashed names, and API answers compressed on the way out.

let context: TestContext;
let webDir: string;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `row ${n}`))};\n`;
// Stand-ins for what the build writes, marked so that the test sees which one was sent.
const brotliFile = brotliCompressSync(Buffer.from(`${script}// br\n`));
const gzipFile = gzipSync(Buffer.from(`${script}// gz\n`));

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'settle-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Settle</title>');
  writeFileSync(path.join(webDir, 'assets/app-Ab12Cd34.js'), script);
  writeFileSync(path.join(webDir, 'assets/app-Ab12Cd34.js.br'), brotliFile);
  writeFileSync(path.join(webDir, 'assets/app-Ab12Cd34.js.gz'), gzipFile);
  context = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await context.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  context.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compressed answers', () => {
  it('sends a built file precompressed, brotli first, with immutable caching for its hashed name', async () => {
    const brotli = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(`${script}// br\n`);

    const gzip = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${script}// gz\n`);

    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API answers of a kilobyte or more, and leaves small ones and the app shell uncached', async () => {
    const docs = await get(`${context.api}/docs/json`, 'br');
    expect(docs.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(docs.rawPayload).toString());
    expect(document.paths).toHaveProperty('/invoices/totals');

    const gzipped = await get(`${context.api}/docs/json`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(document);

    const health = await get('/healthz', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();

    const shell = await get('/invoices', 'gzip');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body).toContain('<title>Settle</title>');
  });
});

describe('JSON answers compressed in one call (the lean path)', () => {
  // Two answers of different sizes in turn: each is compressed from the one scratch buffer, so
  // a shorter answer after a longer one must not carry the longer one's tail.
  const long = { rows: Array.from({ length: 800 }, (_, n) => ({ n, text: `long row ${n}` })) };
  const short = { rows: Array.from({ length: 60 }, (_, n) => ({ n, text: `short ${n}` })) };
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/long', async () => long);
    app.get('/short', async () => short);
    app.get('/tiny', async () => ({ ok: true }));
    app.get('/varied', async (_request, reply) => reply.header('vary', 'origin').send(long));
  });
  afterAll(() => app.close());

  const ask = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers each body exactly, with its compressed length and Vary', async () => {
    for (const [url, body] of [
      ['/long', long],
      ['/short', short],
      ['/long', long],
      ['/short', short],
    ] as const) {
      const brotli = await ask(url, 'gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
      expect(brotli.headers.vary).toBe('accept-encoding');
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(body);
      const gzip = await ask(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(body);
    }
    const varied = await ask('/varied', 'br');
    expect(varied.headers.vary).toBe('origin, accept-encoding');
  });

  it("follows the client's weights, and leaves small answers and refusals uncompressed", async () => {
    expect((await ask('/long', 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await ask('/long', 'br;q=0, gzip;q=0.1')).headers['content-encoding']).toBe('gzip');
    expect((await ask('/long', '*')).headers['content-encoding']).toBe('br');
    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await ask('/long', refused);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(long);
    }
    const tiny = await ask('/tiny', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ ok: true });
  });

  it('reads Accept-Encoding weights as RFC 9110 says', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0.9')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('br;q=2')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
