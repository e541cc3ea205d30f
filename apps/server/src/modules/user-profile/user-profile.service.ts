import { ErrorCode } from '@settle/shared/errors';
import {
  localeForFormatting,
  PROFILE_LOCALES,
  type TContactAddress,
  type TUpdateUserProfileResponse,
  type TUserProfile,
  UserProfileErrorCode,
  type ZUpdateUserProfileRequest,
} from '@settle/shared/user-profile';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import { hashPassword, verifyPassword } from '../auth/password';
import type { SessionContext, SessionService } from '../auth/session.service';
import * as repository from './user-profile.repository';

export type UserProfileService = ReturnType<typeof createUserProfileService>;

type ProfileUpdate = z.output<typeof ZUpdateUserProfileRequest>;

function refused(code: string, message: string, field: string): AppError {
  return new AppError({
    statusCode: 406,
    code,
    message,
    fieldErrors: [{ field: `body.${field}`, message }],
  });
}

export function createUserProfileService(
  db: Db,
  deps: { accounts: AccountsService; sessions: SessionService },
) {
  /** The mask of the current company, else the tenant's (the registration form's rule). */
  async function companyDefMask(session: SessionContext, tenantMask: string): Promise<string> {
    const current = await deps.accounts.currentScope(session);
    if (!current) return tenantMask;
    return (await repository.findCustomerMask(db, current.customer.id)) ?? tenantMask;
  }

  async function getProfile(session: SessionContext): Promise<TUserProfile> {
    const row = await repository.findProfileRow(db, session.userId);
    if (!row) throw notFound('User');
    return {
      loginName: row.loginName,
      firstName: row.firstName,
      lastName: row.lastName,
      locale: row.locale,
      localeForFormatting: row.localeForFormatting,
      preferredLanguage: row.language,
      timezone: row.timezone,
      smsAreaCode: row.smsAreaCode,
      smsPhone: row.smsPhone,
      companyDefMask: await companyDefMask(session, row.tenantMask),
    };
  }

  return {
    getProfile,

    /**
     * Saves the profile. A password change needs the current password (406 when wrong, and
     * nothing is saved), and ends the user's other sessions: whoever knew the old password
     * and signed in elsewhere is out.
     */
    async updateProfile(
      session: SessionContext,
      request: ProfileUpdate,
    ): Promise<TUpdateUserProfileResponse> {
      const row = await repository.findProfileRow(db, session.userId);
      if (!row) throw notFound('User');
      const changesPassword = request.newPswd !== '';
      let passwordHash: string | undefined;
      if (changesPassword) {
        if (!(await verifyPassword(row.passwordHash, request.currentPswd))) {
          throw refused(
            UserProfileErrorCode.CURRENT_PASSWORD_WRONG,
            'The current password is not correct.',
            'currentPswd',
          );
        }
        if (request.newPswd === request.currentPswd) {
          throw refused(
            UserProfileErrorCode.PASSWORD_UNCHANGED,
            'The new password must differ from the current one.',
            'newPswd',
          );
        }
        passwordHash = await hashPassword(request.newPswd);
      }
      const locale = PROFILE_LOCALES.find((entry) => entry.code === request.locale)?.code;
      if (!locale) {
        throw new AppError({ statusCode: 400, code: ErrorCode.VALIDATION_FAILED, message: 'Unknown locale' });
      }
      await db.transaction(async (tx) => {
        await repository.updateProfileRow(tx, session.userId, {
          firstName: request.firstName,
          lastName: request.lastName,
          locale,
          localeForFormatting: localeForFormatting(locale),
          language: request.preferredLanguage,
          timezone: request.timezone,
          smsAreaCode: request.smsAreaCode,
          smsPhone: request.smsPhone,
          ...(passwordHash ? { passwordHash } : {}),
        });
      });
      const endedSessions = changesPassword
        ? await deps.sessions.endOthersOfUser({
            tenantId: session.tenantId,
            userId: session.userId,
            keepTokenHash: session.tokenHash,
          })
        : 0;
      return { ...(await getProfile(session)), passwordChanged: changesPassword, endedSessions };
    },

    /** The signed-in contact with the current customer's address: the billing info of a payment. */
    async contactAddress(session: SessionContext): Promise<TContactAddress> {
      const row = await repository.findProfileRow(db, session.userId);
      const current = await deps.accounts.currentScope(session);
      if (!row || !current) throw notFound('Current customer');
      const address = await repository.findCustomerAddress(db, current.customer.id);
      return {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email || row.loginName,
        company: current.customer.company,
        custNo: current.customer.custNo,
        addressLine1: address?.addressLine1 ?? '',
        city: address?.city ?? '',
        postalCode: address?.postalCode ?? '',
        country: address?.country ?? '',
      };
    },
  };
}
