import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { badRequest } from '../lib/app-error';

export const METHOD_OVERRIDE_HEADER = 'x-http-method-override';
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/** Why a call's override was not honoured; told by the onRequest hook, since rewriteUrl cannot answer. */
const refusals = new WeakMap<IncomingMessage, string>();

/**
 * Some provider networks let only GET and POST through their proxies, so with METHOD_OVERRIDE
 * on the web app sends PUT, PATCH and DELETE as POST with X-HTTP-Method-Override. The method
 * is swapped here, before routing, so that the real method's route, schema, CSRF check and
 * privileges apply exactly as if the proxy had let it through. Anything else carrying the
 * header is refused rather than ignored: an ignored override would run the POST route of the
 * same path, which is another action than the caller meant. With the setting off every
 * override is refused for the same reason.
 */
export function methodOverrideRewrite(config: Pick<AppConfig, 'methodOverride'>) {
  return (request: IncomingMessage): string => {
    const url = request.url ?? '/';
    const header = request.headers[METHOD_OVERRIDE_HEADER];
    if (header === undefined) return url;
    const wanted = (Array.isArray(header) ? header.join(',') : header).trim().toUpperCase();
    if (!config.methodOverride) {
      refusals.set(
        request,
        'X-HTTP-Method-Override is not accepted by this server (METHOD_OVERRIDE is off); send the method itself.',
      );
    } else if (request.method !== 'POST') {
      refusals.set(request, `X-HTTP-Method-Override is accepted on POST only, not on ${request.method}.`);
    } else if (!OVERRIDABLE.has(wanted)) {
      refusals.set(
        request,
        `X-HTTP-Method-Override may only be PUT, PATCH or DELETE, not "${wanted.slice(0, 20)}".`,
      );
    } else {
      request.method = wanted;
    }
    return url;
  };
}

/** Answers 400 before anything else runs (session, CSRF, the route) for a refused override. */
export function registerMethodOverride(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const refusal = refusals.get(request.raw);
    if (refusal) throw badRequest(refusal);
  });
}
