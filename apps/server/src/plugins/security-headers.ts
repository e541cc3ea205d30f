import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/**
 * Strict headers: no inline script anywhere (config arrives as a script file), no framing
 * by other sites. Inline styles are allowed because the component library sets CSS
 * variables through style attributes. The headers are worked out once at start and set on
 * every answer (helmet's middleware built once: @fastify/helmet rebuilt it per request, a
 * measured share of every call's CPU).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const secure = config.session.cookieSecure;
  // The external viewer variant posts a form into a frame served by the content address.
  const external =
    config.viewer.mode === 'external' && config.viewer.externalUrl
      ? [new URL(config.viewer.externalUrl).origin]
      : [];
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:', ...external],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...external],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The payment provider's checkout opens in a window of its own origin that the portal watches
    // (closed by hand within 500 ms, closed on the result). Helmet's default same-origin policy
    // severs that window from its opener, which then reads as closed at once.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw as IncomingMessage, reply.raw as ServerResponse, (error?: unknown) =>
      done(error as Error | undefined),
    );
  });
}
