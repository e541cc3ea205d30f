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
  const headers = headersSetBy(applyHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet's middleware sets, read once from a stand-in answer: none of the settings
 * above depends on the request (no nonce, no function directive), and setting a plain object of
 * them per answer costs a fraction of running the middleware every time.
 */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
