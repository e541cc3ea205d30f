import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config';

export const SESSION_COOKIE = 'SETTLE_SESSION';
/** The specification's names for the CSRF pair. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export function setSessionCookies(
  reply: FastifyReply,
  config: AppConfig,
  tokens: { token: string; csrfToken: string },
) {
  reply.setCookie(SESSION_COOKIE, tokens.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.session.cookieSecure,
    maxAge: config.session.absoluteHours * 3600,
  });
  setXsrfCookie(reply, config, tokens.csrfToken);
}

/** Readable by the page's script on purpose: it copies it into the X-XSRF-TOKEN header. */
export function setXsrfCookie(reply: FastifyReply, config: AppConfig, csrfToken: string) {
  reply.setCookie(XSRF_COOKIE, csrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure: config.session.cookieSecure,
  });
}

/** After sign-out: no session cookie, and a fresh anonymous CSRF token for the login page. */
export function setSignedOutCookies(reply: FastifyReply, config: AppConfig, csrfToken: string) {
  clearSessionCookie(reply, config);
  setXsrfCookie(reply, config, csrfToken);
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.session.cookieSecure,
  });
}
