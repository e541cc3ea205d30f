import { SECOND_FACTOR_MESSAGES, type TSecondFactorCodeRequest } from '@settle/shared/second-factors';
import { AppError } from '../../lib/app-error';
import type { PasskeysService } from '../second-factors/passkeys.service';
import type { SecondFactorsService } from '../second-factors/second-factors.service';
import type { AuthService } from './auth.service';
import { AuthErrorCode, invalidPin } from './auth-errors';
import type { Credentials } from './credentials';
import { accountKey, addressKey } from './login-throttle';
import type { SessionContext, SessionService } from './session.service';

/** Wrong codes (app or recovery) or refused passkeys on one pending sign-in before it ends. */
export const SECOND_FACTOR_MAX_FAILURES = 5;

export type SecondFactorStepService = ReturnType<typeof createSecondFactorStepService>;

type Client = { ipAddress: string; userAgent: string };

/**
 * The PIN step completed by a factor other than the SMS code: an authenticator app's code, a
 * recovery code or a passkey. Each failure counts toward the brute-force brakes of the account
 * and the address, and the fifth on one pending sign-in ends it (the password is asked again,
 * behind the same brakes).
 */
export function createSecondFactorStepService(deps: {
  auth: AuthService;
  sessions: SessionService;
  credentials: Credentials;
  secondFactors: SecondFactorsService;
  passkeys: PasskeysService;
  countFailure: (sessionTokenHash: string) => Promise<number>;
}) {
  const { auth, sessions, credentials, secondFactors, passkeys } = deps;

  async function refuse(session: SessionContext, client: Client): Promise<never> {
    await credentials.recordFailure([addressKey(client.ipAddress), accountKey(session.userId)]);
    const failures = await deps.countFailure(session.tokenHash);
    if (failures >= SECOND_FACTOR_MAX_FAILURES) {
      await sessions.destroy(session.tokenHash);
      throw new AppError({
        statusCode: 401,
        code: AuthErrorCode.NO_PENDING_SIGN_IN,
        message: SECOND_FACTOR_MESSAGES.tooManyTries,
      });
    }
    throw invalidPin(SECOND_FACTOR_MAX_FAILURES - failures);
  }

  return {
    async verifyCode(session: SessionContext, request: TSecondFactorCodeRequest, client: Client) {
      const accepted =
        request.method === 'TOTP'
          ? await secondFactors.verifyTotp(session.userId, request.code)
          : await secondFactors.useRecoveryCode(session.userId, request.code);
      if (!accepted) return refuse(session, client);
      return auth.completeSecondStep(session, client);
    },

    passkeyOptions(session: SessionContext) {
      return passkeys.authenticationOptions({ sessionTokenHash: session.tokenHash, userId: session.userId });
    },

    async verifyPasskey(session: SessionContext, response: unknown, client: Client) {
      const ceremony = { sessionTokenHash: session.tokenHash, userId: session.userId };
      if (!(await passkeys.verifyAssertion(ceremony, response))) return refuse(session, client);
      return auth.completeSecondStep(session, client);
    },
  };
}
