import { ZSolutionInstanceQuery } from '@settle/shared/auth';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import { ZLoginNameBody, ZPreloginResponse, ZTroubleSigningInResponse } from './auth.schemas';

/** The calls made before a password: they answer alike for every login name, known or not. */
export function signInHelpRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/prelogin',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Before the password: whether a code step follows and whether the tenant uses single sign-on',
        querystring: ZSolutionInstanceQuery,
        body: ZLoginNameBody,
        response: { 200: ZPreloginResponse, 400: ZErrorResponse },
      },
    },
    async (request) =>
      services.prelogin.prelogin({
        loginName: request.body,
        solutionInstanceGuid: request.query.solutionInstanceGuid,
      }),
  );

  routes.post(
    '/auth/troubleSigningIn',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Email a sign-in recovery link to the login, if it exists; the answer is the same either way',
        querystring: ZSolutionInstanceQuery,
        body: ZLoginNameBody,
        response: { 200: ZTroubleSigningInResponse, 400: ZErrorResponse },
      },
    },
    async (request) =>
      services.recovery.troubleSigningIn({
        loginName: request.body,
        solutionInstanceGuid: request.query.solutionInstanceGuid,
      }),
  );
}
