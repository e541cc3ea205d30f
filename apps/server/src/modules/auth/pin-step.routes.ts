import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePendingSignIn, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { ZResendPinResponse, ZUpdateMobileRequest, ZUpdateMobileResponse } from './auth.schemas';

/** Calls of the half-signed-in session: password passed, sign-in code pending. */
export function pinStepRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/resendPin',
    {
      preHandler: requirePendingSignIn,
      schema: {
        tags: ['auth'],
        summary: 'Send a new sign-in code for the pending sign-in (one per 30 s, 5 per sign-in)',
        response: { 200: ZResendPinResponse, 401: ZErrorResponse, 429: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request) => services.pinStep.resendPin(sessionOf(request)),
  );

  routes.post(
    '/auth/updateMobile',
    {
      preHandler: requirePendingSignIn,
      schema: {
        tags: ['auth'],
        summary: 'Give a mobile number when none is on file, then receive the sign-in code on it',
        description:
          'Both fields may be empty: then nothing can be sent ({ saved: true, pinSent: false }). A number ' +
          'already on file is not replaced here (403 MOBILE_ALREADY_SET).',
        body: ZUpdateMobileRequest,
        response: {
          200: ZUpdateMobileResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) =>
      services.pinStep.updateMobile({
        session: sessionOf(request),
        request: request.body,
        ipAddress: request.ip,
      }),
  );
}
