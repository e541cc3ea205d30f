import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './test/expect-error';
import { createTestApp, type TestContext } from './test/test-app';

let context: TestContext;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'settle-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<html><head><script src="/getpaid-rest/api/config.js"></script></head><body>app shell</body></html>',
  );
  context = await createTestApp({ WEB_DIST_DIR: webDist, API_BASE: '/portal/api' });
  // A route that fails unexpectedly, to see what a client gets from a 500.
  context.app.get('/portal/api/test-boom', async () => {
    throw new Error('connection string postgres://secret@db leaked?');
  });
});
afterAll(() => context.close());

describe('the app shell', () => {
  it('serves index.html for client routes (history fallback) with the configured base', async () => {
    for (const url of ['/', '/home', '/invoices/detail/O/INV-1']) {
      const response = await context.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('app shell');
      expect(response.body).toContain('src="/portal/api/config.js"');
    }
    // A missing asset is not the app shell: the browser would run HTML as a script.
    const missing = expectError(await context.app.inject({ url: '/missing.js' }), 404, 'NOT_FOUND');
    expect(JSON.stringify(missing)).not.toContain('app shell');
  });

  it('sends strict security headers', async () => {
    const response = await context.app.inject({ url: '/home' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps the payment provider's window tied to the portal page that opened it", async () => {
    // The portal's pages may open the provider's window without severing it (it is watched and closed).
    const page = await context.app.inject({ url: '/paymentCart' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The page the provider sends that window back to must not sever it either.
    const done = await context.app.inject({ url: '/paymentDone?extTranRefId=ST-1' });
    expect(done.statusCode).toBe(200);
    expect(done.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });
});

describe('errors', () => {
  it('hides internals of a 500 behind the contract shape', async () => {
    const response = await context.app.inject({ url: '/portal/api/test-boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again later.',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('secret');
  });

  it('answers unknown API paths with a 404 in the contract shape', async () => {
    const response = await context.app.inject({ url: '/portal/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No such endpoint: GET /portal/api/nothing/here',
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    await context.app.inject({ url: '/portal/api/config.js' });
    const response = await context.app.inject({
      method: 'POST',
      url: '/portal/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 't' },
      cookies: { 'XSRF-TOKEN': 't' },
      payload: '{"loginName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });
});

describe('operations', () => {
  it('answers liveness and readiness', async () => {
    expect((await context.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await context.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });

  it('publishes an OpenAPI 3.1 document with the specification paths verbatim', async () => {
    const document = (await context.app.inject({ url: '/portal/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/portal/api' }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/logout',
        '/config.js',
        '/invoices/associationAccounts',
        '/user/currenctCust/{custNo}',
        '/location/serverDate',
      ]),
    );
    expect(document.components.schemas.UserData.properties).toHaveProperty('currencyMap');
    const ui = await context.app.inject({ url: '/portal/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
