import type { TLoginRequest, TUserData } from '@settle/shared/auth';
import type { TLoginResponse } from '@settle/shared/auth-steps';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { setSessionCookies } from '../../lib/cookies';
import type { Services } from '../../services';
import { noMobileForPin } from './auth-errors';

/**
 * The password step and its answer, shared by POST /auth/login and the activation (which
 * signs the new user in): the browser's session is rotated, the new one's cookies are set,
 * and the answer is the user data, the PIN step's { pinRequired }, or 401 SEND_PINCODE_NO_MOBILE.
 */
export async function signInAndReply(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { services: Pick<Services, 'auth' | 'sessions'>; config: AppConfig },
  login: { request: TLoginRequest; solutionInstanceGuid?: string },
): Promise<TLoginResponse> {
  const { services, config } = deps;
  const outcome = await services.auth.login({
    request: login.request,
    solutionInstanceGuid: login.solutionInstanceGuid,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    current: request.session,
  });
  // Rotation: whatever session the browser came with ends here, at every step.
  if (request.session) await services.sessions.destroy(request.session.tokenHash);
  setSessionCookies(reply, config, outcome.session);
  if (outcome.step === 'pinSent') {
    return {
      pinRequired: true as const,
      pincodeMethod: 'SMS' as const,
      maskedMobile: outcome.maskedMobile,
      factors: ['SMS'],
    };
  }
  if (outcome.step === 'factorChoice') {
    return { pinRequired: true as const, pincodeMethod: outcome.first, factors: outcome.offered };
  }
  if (outcome.step === 'mobileMissing') {
    // An error the client routes on; the error answer keeps the new session's cookies, so
    // that the mobile page can call /auth/updateMobile on the half-signed-in session.
    throw noMobileForPin();
  }
  return signedInAnswer(services, outcome.session);
}

/** The user data of a session just created, read as the browser's next call will read it. */
export async function signedInAnswer(
  services: Pick<Services, 'auth' | 'sessions'>,
  created: { token: string },
): Promise<TUserData> {
  const session = await services.sessions.authenticate(created.token);
  return services.auth.userData(session);
}
