import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

const DEFAULT_API_BASE = '/getpaid-rest/api';

/**
 * Serves the built web app. Client routes (/home, /invoices...) get index.html: the
 * history fallback. The page's config.js address follows the configured REST base.
 */
export async function registerStaticWeb(app: FastifyInstance, config: AppConfig) {
  const indexPath = path.join(config.webDistDir, 'index.html');
  // Read again when the file changes, so a rebuild never leaves the page pointing at deleted assets.
  let cached: { mtimeMs: number; html: string } | null = null;
  const readIndex = (): string | null => {
    if (!existsSync(indexPath)) return null;
    const { mtimeMs } = statSync(indexPath);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexPath, 'utf8');
      cached = {
        mtimeMs,
        html: html.replaceAll(`${DEFAULT_API_BASE}/config.js`, `${config.apiBase}/config.js`),
      };
    }
    return cached.html;
  };

  if (readIndex()) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each file: sent as they are when the client accepts them.
      preCompressed: true,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  function serveAppShell(request: FastifyRequest, reply: FastifyReply): boolean {
    const wantsPage = request.method === 'GET' && !request.url.startsWith(config.apiBase);
    if (!wantsPage || path.extname(request.url.split('?')[0] ?? '') !== '') return false;
    const indexHtml = readIndex();
    if (!indexHtml) {
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.');
      return true;
    }
    // The payment provider sends its window back to /paymentDone: that page must stay tied to the
    // portal window that opened it (which closes it), and an opener policy would sever the two.
    if (request.url.startsWith('/paymentDone')) reply.header('cross-origin-opener-policy', 'unsafe-none');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    return true;
  }

  // The static wildcard would treat "/" as a directory listing; the root is the app shell.
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    serveAppShell(request, reply);
    return reply;
  });
  return serveAppShell;
}
