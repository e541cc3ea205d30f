import {
  ZActivationRequest,
  ZCompanyDefMaskResponse,
  ZDecryptResponse,
  ZPasswordResetResponse,
  ZVerifyUserAsInactiveRequest,
  ZVerifyUserAsInactiveResponse,
} from '@settle/shared/account-setup';
import { ZSolutionInstanceQuery } from '@settle/shared/auth';
import { ZLoginNameBody, ZLoginResponse } from '@settle/shared/auth-steps';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Services } from '../../services';
import { signInAndReply } from '../auth/login-reply';

const tags = ['account set-up'];
const ZDecryptParams = z.object({ encrypt: z.string().min(1).max(2048) });

/** The emailed links' calls (activation, password reset) and the helper calls of their pages: public. */
export function activationRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/user/activation',
    {
      schema: {
        tags,
        summary: 'Activate a registered account with its first password, then sign in like auth/login',
        description:
          'encryptedCompanyId, activationCode and namedUser come from the activation link. Password 8 to 20 ' +
          'characters, equal to confirmPassword (400 with field messages otherwise). 400 INVALID_LINK for a changed ' +
          'link; 406 USER_ALREADY_ACTIVE, or LINK_EXPIRED for an unknown, used or expired code. The answer is that of ' +
          'auth/login with activationLogin: the user data, or { pinRequired } when a code step follows.',
        body: ZActivationRequest,
        response: {
          200: ZLoginResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          406: ZErrorResponse,
          415: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const account = await services.accountSetup.activate(request.body);
      return signInAndReply(
        request,
        reply,
        { services, config },
        {
          request: { loginName: account.loginName, password: request.body.password, activationLogin: true },
          solutionInstanceGuid: account.tenantGuid,
        },
      );
    },
  );

  routes.post(
    '/user/resetPassword',
    {
      schema: {
        tags,
        summary: 'Choose a new password from a sign-in recovery link; every session of the user ends',
        description:
          'The body of user/activation (reset Y). The code works once, until it expires (406 LINK_EXPIRED). It does ' +
          'not sign in: the user signs in with the new password, code step included.',
        body: ZActivationRequest,
        response: {
          200: ZPasswordResetResponse,
          400: ZErrorResponse,
          406: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
    },
    (request) => services.accountSetup.resetPassword(request.body),
  );

  routes.post(
    '/user/verifyUserAsInactive',
    {
      schema: {
        tags,
        summary:
          "Whether an activation link's account still waits for activation (406 USER_ALREADY_ACTIVE if not)",
        description:
          'An account the provider deactivated answers 415 USER_INACTIVE, as user/activation and ' +
          'user/resetPassword do, whether or not it had been activated.',
        body: ZVerifyUserAsInactiveRequest,
        response: {
          200: ZVerifyUserAsInactiveResponse,
          400: ZErrorResponse,
          406: ZErrorResponse,
          415: ZErrorResponse,
        },
      },
    },
    (request) => services.accountSetup.verifyUserAsInactive(request.body),
  );

  routes.get(
    '/trUtils/decrypt/:encrypt',
    {
      schema: {
        tags,
        summary: 'The login name a namedUser link parameter carries (400 INVALID_LINK if it was changed)',
        params: ZDecryptParams,
        response: { 200: ZDecryptResponse, 400: ZErrorResponse },
      },
    },
    async (request) => services.accountSetup.decrypt(request.params.encrypt),
  );

  routes.post(
    '/auth/companyDefMask',
    {
      schema: {
        tags,
        summary: "The phone mask for a login: its default company's, else the solution instance's",
        description:
          'The body is the login name. An unknown login gets the instance mask, after the same work.',
        querystring: ZSolutionInstanceQuery,
        body: ZLoginNameBody,
        response: { 200: ZCompanyDefMaskResponse, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    (request) =>
      services.accountSetup.companyDefMask({
        loginName: request.body,
        solutionInstanceGuid: request.query.solutionInstanceGuid,
      }),
  );
}
