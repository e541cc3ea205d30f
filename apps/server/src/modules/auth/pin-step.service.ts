import { loginKeyOf } from '@settle/shared/rules/login-name';
import { completeSmsPhone } from '@settle/shared/rules/phone';
import type { Db } from '../../db/client';
import * as repository from './auth.repository';
import { invalidCredentials, mobileAlreadySet, noMobileForPin } from './auth-errors';
import type { Credentials } from './credentials';
import type { PinService } from './pin.service';
import type { SessionContext } from './session.service';

export type PinStepService = ReturnType<typeof createPinStepService>;

export type UpdateMobileResult =
  | { saved: true; pinSent: false }
  | { saved: true; pinSent: true; maskedMobile: string };

/**
 * The calls a half-signed-in session (password passed, code pending) may make: ask for a
 * new code, and give a mobile number when none is on file.
 */
export function createPinStepService(db: Db, deps: { pins: PinService; credentials: Credentials }) {
  const { pins, credentials } = deps;

  async function pendingUser(session: SessionContext) {
    const user = await repository.findUserById(db, session.userId);
    // The session outlived its user's deletion: treat it as a failed sign-in.
    if (!user) throw invalidCredentials();
    return user;
  }

  return {
    /** A fresh code for this attempt, within the resend limits (429 otherwise). */
    async resendPin(session: SessionContext) {
      const user = await pendingUser(session);
      const sent = await pins.issue({
        sessionTokenHash: session.tokenHash,
        tenantId: user.tenantId,
        userId: user.id,
        recipient: user,
      });
      if (!sent.sent) throw noMobileForPin();
      return { pinSent: true as const, pincodeMethod: 'SMS' as const, maskedMobile: sent.maskedMobile };
    },

    /**
     * Saves the mobile number of a user who has none, then sends the code to it. A number
     * already on file is never replaced here: otherwise anyone holding only the password
     * could route the code to their own phone and skip the second factor.
     */
    async updateMobile(options: {
      session: SessionContext;
      request: { loginName: string; password?: string; smsAreaCode: string; smsPhone: string };
      ipAddress: string;
    }): Promise<UpdateMobileResult> {
      const { session, request } = options;
      const user = await pendingUser(session);
      const keys = credentials.keysFor({
        tenantId: user.tenantId,
        loginKey: user.loginKey,
        userId: user.id,
        ipAddress: options.ipAddress,
      });
      if (loginKeyOf(request.loginName) !== user.loginKey) {
        await credentials.recordFailure(keys);
        throw invalidCredentials();
      }
      if (request.password) {
        await credentials.verify({ keys, passwordHash: user.passwordHash, password: request.password });
      }
      if (completeSmsPhone(user.smsAreaCode, user.smsPhone) !== '') throw mobileAlreadySet();

      const phone = { smsAreaCode: request.smsAreaCode, smsPhone: request.smsPhone };
      const hasNumber = completeSmsPhone(phone.smsAreaCode, phone.smsPhone) !== '';
      // Refuse a flood before saving anything, so a 429 leaves the profile unchanged.
      if (hasNumber) await pins.assertMayIssue(session.tokenHash, user.id);
      await repository.updateUserMobile(db, user.id, phone);
      if (!hasNumber) return { saved: true, pinSent: false };
      const sent = await pins.issue({
        sessionTokenHash: session.tokenHash,
        tenantId: user.tenantId,
        userId: user.id,
        recipient: { language: user.language, ...phone },
      });
      return sent.sent
        ? { saved: true, pinSent: true, maskedMobile: sent.maskedMobile }
        : { saved: true, pinSent: false };
    },
  };
}
