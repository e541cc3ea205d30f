import { timingSafeEqual } from 'node:crypto';
import { BACKGROUND_HEADER, BACKGROUND_HEADER_VALUE } from '@settle/shared/background-calls';
import { ErrorCode } from '@settle/shared/errors';
import { findControlCharacter } from '@settle/shared/rules/text-input';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { AppError, unauthenticated } from '../lib/app-error';
import { clearSessionCookie, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../lib/cookies';
import { noPendingSignIn } from '../modules/auth/auth-errors';
import type { SessionContext, SessionService } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads more with the session (SessionService's probe) for the customer number in
     * its query string: a grid call's link check and freshness in the session's round trip.
     */
    probeQueryCustNo?: boolean;
  }
  interface FastifyRequest {
    session: SessionContext | null;
    /** Why the cookie's session was refused (expired, deactivated...), told on the first call that needs a session. */
    sessionError: AppError | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads the session cookie on every API call and enforces CSRF on every state-changing
 * one: the X-XSRF-TOKEN header must equal the XSRF-TOKEN cookie and, once signed in,
 * the token bound to the session. With ALLOWED_HOSTS set, a call through any other host
 * (a rewritten Host header, a look-alike domain) is refused and ends the session it carried.
 */
export function registerSession(
  app: FastifyInstance,
  options: {
    config: AppConfig;
    sessions: SessionService;
    /** Paths signed by other means (a payment provider's notifications): no CSRF check. */
    csrfExemptPrefixes?: readonly string[];
  },
) {
  const { config, sessions } = options;
  app.decorateRequest('session', null);
  app.decorateRequest('sessionError', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(config.apiBase)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!isAllowedHost(request.host, config.allowedHosts)) {
      if (token) await sessions.revokeToken(token, ErrorCode.HOST_HEADER_MODIFIED);
      clearSessionCookie(reply, config);
      throw unauthenticated(ErrorCode.HOST_HEADER_MODIFIED);
    }
    if (token) {
      try {
        request.session = await sessions.authenticate(token, {
          background: isBackgroundCall(request),
          probeCustNo: probedCustNo(request),
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.sessionError = error;
        clearSessionCookie(reply, config);
      }
    }
    const exempt = options.csrfExemptPrefixes?.some((prefix) => request.url.startsWith(prefix));
    if (!SAFE_METHODS.has(request.method) && !exempt) checkCsrf(request);
  });
}

/**
 * The customer number in the query string of a route with probeQueryCustNo. The session hook runs
 * before the route's schema, so only a plausible one is probed (a control character would make
 * the database refuse the statement); anything else is left to the schema's message.
 */
function probedCustNo(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config.probeQueryCustNo) return undefined;
  const custNo = (request.query as Record<string, unknown> | undefined)?.custNo;
  if (typeof custNo !== 'string' || custNo.length === 0 || custNo.length > 40) return undefined;
  return findControlCharacter(custNo) ? undefined : custNo;
}

/** Only the exact value counts: any other call is activity, as every call was before polls were told apart. */
function isBackgroundCall(request: FastifyRequest): boolean {
  return request.headers[BACKGROUND_HEADER.toLowerCase()] === BACKGROUND_HEADER_VALUE;
}

/** An entry without a port allows that host on any port; host names compare case-insensitively. */
export function isAllowedHost(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0) return true;
  const requested = (host ?? '').trim().toLowerCase();
  const hostname = requested.replace(/:\d+$/, '');
  return allowedHosts.some((allowed) => allowed === requested || allowed === hostname);
}

function checkCsrf(request: FastifyRequest) {
  const header = request.headers[XSRF_HEADER];
  const cookie = request.cookies[XSRF_COOKIE];
  const expected = request.session?.csrfToken ?? cookie;
  if (
    typeof header !== 'string' ||
    !cookie ||
    !expected ||
    !sameText(header, cookie) ||
    !sameText(header, expected)
  ) {
    throw new AppError({
      statusCode: 403,
      code: ErrorCode.CSRF_REJECTED,
      message:
        'The X-XSRF-TOKEN header is missing or does not match the XSRF-TOKEN cookie. Reload the page and try again.',
    });
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** preHandler for every data route: a fully signed-in session, or 401 with the reason. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.session?.state === 'active') return;
  throw request.sessionError ?? unauthenticated();
}

/** preHandler for the PIN step's own calls: a session that passed the password and waits for a code. */
export async function requirePendingSignIn(request: FastifyRequest): Promise<void> {
  if (request.session?.state === 'pin_pending') return;
  throw request.sessionError ?? noPendingSignIn();
}

export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw unauthenticated();
  return request.session;
}
