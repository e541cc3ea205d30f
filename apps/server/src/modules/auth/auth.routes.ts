import { ZLoginRequest, ZLogoutResponse, ZSolutionInstanceQuery } from '@settle/shared/auth';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { setSignedOutCookies } from '../../lib/cookies';
import type { Services } from '../../services';
import { ZLoginResponse } from './auth.schemas';
import { signInAndReply } from './login-reply';

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
        summary: 'Sign in: the password step, then (for a PIN policy) the code step on the same session',
        description:
          'Without pinCode, a user with a PIN policy gets a half-signed-in session and { pinRequired, maskedMobile } ' +
          '(or 401 SEND_PINCODE_NO_MOBILE when no mobile is on file). Sending { loginName, password, pinCode } on ' +
          'that session completes the sign-in: 401 INVALID_PINCODE, PINCODE_ATTEMPTS_EXCEEDED or ' +
          'COURIER_PINCODE_EXPIRED otherwise. Every step starts a new session token.',
        querystring: ZSolutionInstanceQuery,
        body: ZLoginRequest,
        response: {
          200: ZLoginResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          415: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    (request, reply) =>
      signInAndReply(
        request,
        reply,
        { services, config },
        { request: request.body, solutionInstanceGuid: request.query.solutionInstanceGuid },
      ),
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
      const { signedOut, csrfToken } = await services.auth.signOut(request.session);
      setSignedOutCookies(reply, config, csrfToken);
      return { loggedOut: signedOut };
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
