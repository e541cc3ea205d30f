import { ZErrorResponse } from '@settle/shared/errors';
import {
  ZPasskeyRegistrationRequest,
  ZPasskeySummary,
  ZRecoveryCodes,
  ZSecondFactors,
  ZTotpCodeRequest,
  ZTotpEnrolment,
  ZWebAuthnOptions,
} from '@settle/shared/second-factors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
const ZPasskeyParams = z.object({ passkeyId: z.coerce.number().int().positive().max(2_147_483_647) });
const ZPasskeyRegistered = z
  .object({ passkey: ZPasskeySummary, recoveryCodes: z.array(z.string()) })
  .meta({ id: 'PasskeyRegistered' });

/**
 * The signed-in user's own second factors, from the profile: the authenticator app, recovery
 * codes and passkeys. Every call acts on the session's user only; another user's passkey id
 * answers 404.
 */
export function secondFactorsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ceremony = (session: { tokenHash: string; userId: number }) => ({
    sessionTokenHash: session.tokenHash,
    userId: session.userId,
  });

  routes.get(
    '/user/secondFactors',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'The second factors of the signed-in user, and whether the tenant requires one',
        response: { 200: ZSecondFactors, ...errors },
      },
    },
    (request) => services.secondFactors.status(sessionOf(request).userId),
  );

  routes.post(
    '/user/secondFactors/totp',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'Start setting up an authenticator app: a new secret as a QR code and as text',
        description: 'Replaces a secret never confirmed; 409 TOTP_ALREADY_ON when an app is set up.',
        response: { 200: ZTotpEnrolment, ...errors },
      },
    },
    (request) => services.secondFactors.startTotp(sessionOf(request).userId),
  );

  routes.post(
    '/user/secondFactors/totp/confirm',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'Confirm the app with its first code; answers 10 recovery codes, shown this once',
        body: ZTotpCodeRequest,
        response: { 200: ZRecoveryCodes, ...errors },
      },
    },
    (request) => services.secondFactors.confirmTotp(sessionOf(request).userId, request.body.code),
  );

  routes.delete(
    '/user/secondFactors/totp',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary:
          'Remove the authenticator app (409 SECOND_FACTOR_REQUIRED when it is the last factor the tenant requires)',
        response: { 200: ZSecondFactors, ...errors },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await services.secondFactors.removeTotp(userId);
      return services.secondFactors.status(userId);
    },
  );

  routes.post(
    '/user/secondFactors/recoveryCodes',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'New recovery codes (the old ones stop working); shown this once',
        response: { 200: ZRecoveryCodes, ...errors },
      },
    },
    (request) => services.secondFactors.regenerateRecoveryCodes(sessionOf(request).userId),
  );

  routes.post(
    '/user/secondFactors/passkeys/options',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'WebAuthn creation options to register a passkey (a new challenge for this session)',
        response: { 200: ZWebAuthnOptions, ...errors },
      },
    },
    (request) => services.passkeys.registrationOptions(ceremony(sessionOf(request))),
  );

  routes.post(
    '/user/secondFactors/passkeys',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'Register a passkey: its name and the answer of navigator.credentials.create',
        description:
          'The first factor of a user without recovery codes also answers 10 of them, shown this once.',
        body: ZPasskeyRegistrationRequest,
        response: { 200: ZPasskeyRegistered, ...errors },
      },
    },
    (request) => services.passkeys.register(ceremony(sessionOf(request)), request.body),
  );

  routes.delete(
    '/user/secondFactors/passkeys/:passkeyId',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary:
          'Remove one of your passkeys (409 SECOND_FACTOR_REQUIRED when it is the last factor the tenant requires)',
        params: ZPasskeyParams,
        response: { 200: ZSecondFactors, ...errors },
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await services.passkeys.remove(userId, request.params.passkeyId);
      return services.secondFactors.status(userId);
    },
  );
}
