import { ZUserData } from '@settle/shared/auth';
import { ZErrorResponse } from '@settle/shared/errors';
import {
  ZPasskeyAssertionRequest,
  ZSecondFactorCodeRequest,
  ZWebAuthnOptions,
} from '@settle/shared/second-factors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import { setSessionCookies } from '../../lib/cookies';
import { requirePendingSignIn, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { signedInAnswer } from './login-reply';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 415: ZErrorResponse, 429: ZErrorResponse };

const clientOf = (request: FastifyRequest) => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/**
 * The PIN step by another factor than the SMS code, on the half-signed-in session: a code of
 * the user's authenticator app, a recovery code, or a passkey. Success starts a new, signed-in
 * session (new cookies) and answers the user data, as POST /auth/login does.
 */
export function secondFactorStepRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/secondFactor',
    {
      preHandler: requirePendingSignIn,
      schema: {
        tags: ['auth'],
        summary: 'Complete the PIN step with an authenticator-app code or a recovery code',
        description:
          'method TOTP: the 6 digits of the app (the 30 s step before and after are accepted, each code once). ' +
          'method RECOVERY: one of the recovery codes, which is then spent. A wrong code answers 401 ' +
          'INVALID_PINCODE with the tries left; the fifth ends the pending sign-in (401 NO_PENDING_SIGN_IN).',
        body: ZSecondFactorCodeRequest,
        response: { 200: ZUserData, ...errors },
      },
    },
    async (request, reply) => {
      const created = await services.secondFactorStep.verifyCode(
        sessionOf(request),
        request.body,
        clientOf(request),
      );
      setSessionCookies(reply, config, created);
      return signedInAnswer(services, created);
    },
  );

  routes.post(
    '/auth/passkey/options',
    {
      preHandler: requirePendingSignIn,
      schema: {
        tags: ['auth'],
        summary: "WebAuthn request options for the pending sign-in (the user's passkeys, a new challenge)",
        response: { 200: ZWebAuthnOptions, 401: ZErrorResponse },
      },
    },
    (request) => services.secondFactorStep.passkeyOptions(sessionOf(request)),
  );

  routes.post(
    '/auth/passkey/verify',
    {
      preHandler: requirePendingSignIn,
      schema: {
        tags: ['auth'],
        summary: 'Complete the PIN step with a passkey assertion (the answer of navigator.credentials.get)',
        body: ZPasskeyAssertionRequest,
        response: { 200: ZUserData, ...errors },
      },
    },
    async (request, reply) => {
      const created = await services.secondFactorStep.verifyPasskey(
        sessionOf(request),
        request.body.response,
        clientOf(request),
      );
      setSessionCookies(reply, config, created);
      return signedInAnswer(services, created);
    },
  );
}
