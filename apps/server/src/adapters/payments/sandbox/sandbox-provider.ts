import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiAnswer, createSandboxApi, DEFAULT_CHECKOUT_TTL_MS } from './sandbox-api';
import { createSandboxEngine } from './sandbox-engine';
import { SANDBOX_STYLESHEET, SANDBOX_STYLESHEET_PATH } from './sandbox-hosted-page';
import { createSandboxNotifier, DEFAULT_RETRY_DELAYS_MS, type NotifierLogger } from './sandbox-notifier';
import { createSandboxPages, type PageAnswer } from './sandbox-pages';
import { sandboxSigningSecret } from './sandbox-signing-secret';
import { SandboxStore } from './sandbox-store';

export type SandboxProviderOptions = {
  /** The secret key Settle and the sandbox share: it authenticates API calls and keys the notifications. */
  secret: string;
  /** 0 (the default) takes any free port. */
  port?: number;
  /** Loopback unless told otherwise. */
  host?: string;
  /** The origin the payer's browser reaches the hosted pages at (a proxy's); the listening one otherwise. */
  publicUrl?: string;
  /** Settle's notification route; can also be set later (setNotifyUrl) when Settle's port is not known yet. */
  notifyUrl?: string;
  /** The JSON file that keeps the state across restarts; in memory only when omitted. */
  dataFile?: string;
  /** How long a PENDING test card stays pending before it succeeds. */
  pendingMs?: number;
  checkoutTtlMs?: number;
  retryDelaysMs?: number[];
  logger?: NotifierLogger;
};

export type SandboxProvider = {
  /** Where Settle reaches the API, e.g. http://127.0.0.1:3001. */
  origin: string;
  /** Where the payer's browser reaches the hosted pages. */
  publicOrigin: string;
  setNotifyUrl(url: string): void;
  close(): Promise<void>;
};

export const DEFAULT_PENDING_MS = 5_000;

const MAX_BODY_BYTES = 64 * 1024;

class BodyTooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function captured(pattern: RegExp, path: string): string | undefined {
  return pattern.exec(path)?.[1];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * A payment provider on its own origin, for demonstrations and tests: a JSON API for Settle and hosted
 * card pages for the payer (see sandbox-api.ts, sandbox-pages.ts), signed notifications with retries
 * (sandbox-notifier.ts), its state in a file so a restarted portal finds its payments again.
 */
export async function startSandboxProvider(options: SandboxProviderOptions): Promise<SandboxProvider> {
  const logger = options.logger ?? { warn: () => {} };
  const store = new SandboxStore(options.dataFile);
  let notifyUrl = options.notifyUrl;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listening = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  const publicOrigin = (options.publicUrl ?? listening).replace(/\/$/, '');

  const notifier = createSandboxNotifier({
    store,
    signingSecret: sandboxSigningSecret(options.secret),
    notifyUrl: () => notifyUrl,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    logger,
  });
  const engine = createSandboxEngine({
    store,
    notifier,
    publicOrigin,
    pendingMs: options.pendingMs ?? DEFAULT_PENDING_MS,
  });
  const api = createSandboxApi({
    store,
    engine,
    publicOrigin,
    checkoutTtlMs: options.checkoutTtlMs ?? DEFAULT_CHECKOUT_TTL_MS,
  });
  const pages = createSandboxPages({ store, engine });
  const secretDigest = digest(options.secret);

  function authorized(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    return Boolean(match) && timingSafeEqual(digest(match![1]!), secretDigest);
  }

  function sendJson(response: ServerResponse, answer: ApiAnswer): void {
    response.writeHead(answer.statusCode, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    response.end(JSON.stringify(answer.body));
  }

  function sendPage(response: ServerResponse, answer: PageAnswer): void {
    if (answer.kind === 'redirect') {
      response.writeHead(303, { location: answer.location, 'cache-control': 'no-store' });
      response.end();
      return;
    }
    const formAction = ["'self'", ...answer.formActionOrigins].join(' ');
    response.writeHead(answer.statusCode, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    response.end(answer.html);
  }

  async function handleApi(request: IncomingMessage, path: string): Promise<ApiAnswer> {
    if (!authorized(request)) return { statusCode: 401, body: { error: { message: 'Invalid API key' } } };
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'] as string | undefined;
    const json = async (): Promise<unknown> => {
      const text = await readBody(request);
      return text === '' ? {} : JSON.parse(text);
    };
    if (method === 'POST' && path === '/v1/checkouts') return api.createCheckout(await json(), key);
    if (method === 'POST' && path === '/v1/card-sessions') return api.createCardSession(await json(), key);
    if (method === 'POST' && path === '/v1/charges') return api.chargeSavedCard(await json(), key);
    const payment = captured(/^\/v1\/payments\/([^/]+)$/, path);
    if (method === 'GET' && payment) return api.getPayment(decodeURIComponent(payment));
    const cancelled = captured(/^\/v1\/payments\/([^/]+)\/cancel$/, path);
    if (method === 'POST' && cancelled) return api.cancelPayment(decodeURIComponent(cancelled));
    const card = captured(/^\/v1\/card-sessions\/([^/]+)\/card$/, path);
    if (method === 'GET' && card) return api.getSavedCard(decodeURIComponent(card));
    return { statusCode: 404, body: { error: { message: 'No such route' } } };
  }

  async function handlePage(request: IncomingMessage, path: string): Promise<PageAnswer | null> {
    const method = request.method ?? 'GET';
    const form = async () => new URLSearchParams(await readBody(request));
    const checkout = captured(/^\/checkout\/([\w-]+)$/, path);
    if (checkout && method === 'GET') return pages.showCheckout(checkout);
    if (checkout && method === 'POST') return pages.pay(checkout, await form());
    const confirm = captured(/^\/checkout\/([\w-]+)\/confirm$/, path);
    if (confirm && method === 'GET') return pages.showConfirm(confirm);
    if (confirm && method === 'POST') return pages.confirm(confirm, await form());
    const cancel = captured(/^\/checkout\/([\w-]+)\/cancel$/, path);
    if (cancel && method === 'POST') return pages.cancelCheckout(cancel);
    const session = captured(/^\/cards\/([\w-]+)$/, path);
    if (session && method === 'GET') return pages.showCardSession(session);
    if (session && method === 'POST') return pages.saveCard(session, await form());
    const cancelSession = captured(/^\/cards\/([\w-]+)\/cancel$/, path);
    if (cancelSession && method === 'POST') return pages.cancelCardSession(cancelSession);
    return null;
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
    void (async () => {
      try {
        if (path.startsWith('/v1/')) {
          sendJson(response, await handleApi(request, path));
        } else if (path === SANDBOX_STYLESHEET_PATH) {
          response.writeHead(200, {
            'content-type': 'text/css; charset=utf-8',
            'cache-control': 'public, max-age=3600',
            'x-content-type-options': 'nosniff',
          });
          response.end(SANDBOX_STYLESHEET);
        } else if (path === '/health') {
          sendJson(response, { statusCode: 200, body: { status: 'ok' } });
        } else {
          const answer = await handlePage(request, path);
          if (answer) sendPage(response, answer);
          else sendJson(response, { statusCode: 404, body: { error: { message: 'Not found' } } });
        }
      } catch (error) {
        if (response.headersSent) return response.destroy();
        if (error instanceof BodyTooLarge) {
          return sendJson(response, {
            statusCode: 413,
            body: { error: { message: 'The body is too large' } },
          });
        }
        if (error instanceof SyntaxError) {
          return sendJson(response, {
            statusCode: 400,
            body: { error: { message: 'The body is not JSON' } },
          });
        }
        logger.warn(`sandbox provider: ${(error as Error).stack ?? error}`);
        sendJson(response, { statusCode: 500, body: { error: { message: 'Internal error' } } });
      }
    })();
  });

  engine.resume();
  notifier.resendUndelivered();

  return {
    origin: listening,
    publicOrigin,
    setNotifyUrl(url: string) {
      notifyUrl = url;
      notifier.resendUndelivered();
    },
    async close() {
      // No new request, then the changes under way finish (saved, their notifications recorded),
      // then deliveries stop, then the last save.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopped;
      await engine.close();
      await notifier.close();
      await store.close();
    },
  };
}
