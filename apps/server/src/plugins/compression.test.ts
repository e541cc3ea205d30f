import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

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
