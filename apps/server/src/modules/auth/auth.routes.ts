import { ZLoginRequest, ZLogoutResponse, ZSolutionInstanceQuery, ZUserData } from '@settle/shared/auth';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { clearSessionCookie, setSessionCookies, setXsrfCookie } from '../../lib/cookies';
import type { Services } from '../../services';
import { randomToken } from './session.service';

const ZPrivacyTemplateQuery = z.object({
  menuLevel: z.string().max(40).optional(),
  type: z.enum(['1', '2'], { message: 'type is 1 (privacy policy) or 2 (terms of use)' }),
  userBrowserPreferedLanguage: z.string().max(35).default('en'),
  solutionInstanceGuid: z.string().max(64).optional(),
});

export function authRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with login name and password; starts a new session',
        querystring: ZSolutionInstanceQuery,
        body: ZLoginRequest,
        response: {
          200: ZUserData,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await services.auth.login({
        request: request.body,
        solutionInstanceGuid: request.query.solutionInstanceGuid,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      // Rotation: whatever session the browser came with ends here.
      if (request.session) await services.sessions.destroy(request.session.tokenHash);
      setSessionCookies(reply, config, created);
      const session = await services.sessions.authenticate(created.token);
      return services.auth.userData(session);
    },
  );

  routes.get(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session ends on the server',
        response: { 200: ZLogoutResponse },
      },
    },
    async (request, reply) => {
      const hadSession = Boolean(request.session);
      if (request.session) await services.sessions.destroy(request.session.tokenHash);
      clearSessionCookie(reply, config);
      setXsrfCookie(reply, config, randomToken());
      return { loggedOut: hadSession };
    },
  );

  routes.get(
    '/auth/privacyTemplate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Privacy policy (type 1) or terms of use (type 2) in the browser language; empty when none',
        querystring: ZPrivacyTemplateQuery,
        response: { 200: z.object({ value: z.string() }) },
      },
    },
    async (request) => ({
      value: await services.auth.legalTemplate({
        tenantGuid: request.query.solutionInstanceGuid,
        type: request.query.type === '1' ? 1 : 2,
        language: request.query.userBrowserPreferedLanguage,
      }),
    }),
  );
}
