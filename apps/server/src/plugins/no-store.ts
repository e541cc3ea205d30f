import type { FastifyInstance } from 'fastify';

/**
 * Every answer given to a session (and every answer that sets one) says no-store: invoices,
 * accounts and documents must not stay in a shared proxy's or the browser's cache after
 * sign-out. One hook, so that a route added later cannot forget it.
 */
export function registerNoStore(app: FastifyInstance, options: { apiBase: string }) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(options.apiBase)) return payload;
    if (request.session || reply.hasHeader('set-cookie')) {
      const current = String(reply.getHeader('cache-control') ?? '');
      if (!current.includes('no-store')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
