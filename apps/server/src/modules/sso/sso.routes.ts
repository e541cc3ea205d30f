import { ZUserData } from '@settle/shared/auth';
import { ZErrorResponse } from '@settle/shared/errors';
import { SSO_CALLBACK_PATH, SSO_START_PATH, ZSsoLoginRequest, ZSsoStartQuery } from '@settle/shared/sso';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { setSessionCookies } from '../../lib/cookies';
import type { Services } from '../../services';
import { clearSsoStateCookie, SSO_STATE_COOKIE, setSsoStateCookie } from './sso-state';

/**
 * Single sign-on. Both calls run without a session. The POST is guarded like every other
 * public POST (/auth/prelogin, /auth/login): the XSRF-TOKEN cookie and header must match, and
 * on top the sealed state cookie only this browser got from /auth/sso/start must be there.
 */
export function ssoRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    SSO_START_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'Single sign-on: redirect to the OpenID provider (the ssoLoginUrl of the pre-login answer)',
        description:
          'Creates state, nonce and a PKCE code verifier, keeps them for 10 minutes in a sealed httpOnly ' +
          `cookie, and answers 302 to the provider's authorization endpoint with redirect_uri = the portal origin + ${SSO_CALLBACK_PATH}. ` +
          '503 SSO_NOT_CONFIGURED when the tenant has no single sign-on or the server no OIDC settings, 503 ' +
          'SSO_FAILED when the provider cannot be reached; a browser ' +
          `(Accept: text/html) is sent to ${SSO_CALLBACK_PATH}?error=<code> instead, where the message is shown.`,
        querystring: ZSsoStartQuery,
        response: {
          302: z.null().meta({ description: "Location: the provider's authorization endpoint" }),
          404: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      try {
        const started = await services.sso.start({
          solutionInstanceGuid: request.query.solutionInstanceGuid,
          origin: portalOrigin(request, config),
        });
        setSsoStateCookie(reply, config, started.sealedState);
        return reply.redirect(started.location, 302);
      } catch (error) {
        if (!(error instanceof AppError) || !acceptsHtml(request)) throw error;
        return reply.redirect(`${SSO_CALLBACK_PATH}?error=${encodeURIComponent(error.code)}`, 302);
      }
    },
  );

  routes.post(
    '/auth/ssologin',
    {
      schema: {
        tags: ['auth'],
        summary: "Single sign-on: complete it with the provider's code and state; answers the user data",
        description:
          'The SSO screen posts the code, state (and iss) the provider sent it. 401 SSO_FAILED when the state ' +
          'cookie is missing, altered or expired, the state differs, or the code or ID token is refused ' +
          '(signature, issuer, audience, expiry, nonce); 401 SSO_UNKNOWN_USER when the login claim names no ' +
          'activated user of the tenant; 415 USER_INACTIVE for a deactivated user. The state cookie is ' +
          'cleared either way: one attempt per sign-on. Success starts a new session (any previous one ends).',
        body: ZSsoLoginRequest,
        response: {
          200: ZUserData,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          415: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      // One attempt per sign-on: the state cookie goes whatever the outcome.
      clearSsoStateCookie(reply, config);
      const { session, userData } = await services.sso.signIn({
        sealedState: request.cookies[SSO_STATE_COOKIE],
        request: request.body,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        previous: request.session,
      });
      setSessionCookies(reply, config, session);
      return userData;
    },
  );
}

/** The address the browser uses: fixed by PUBLIC_ORIGIN in production, else the request's own. */
function portalOrigin(request: FastifyRequest, config: AppConfig): string {
  if (config.publicOrigin) return config.publicOrigin.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
