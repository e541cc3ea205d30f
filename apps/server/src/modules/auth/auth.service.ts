import type { TLoginRequest, TUserData } from '@settle/shared/auth';
import { ErrorCode } from '@settle/shared/errors';
import { resolveCurrentCurrency, resolveCurrentCustomer } from '@settle/shared/rules/accounts';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import * as repository from './auth.repository';
import { verifyPassword } from './password';
import type { SessionContext, SessionService } from './session.service';

export type AuthService = ReturnType<typeof createAuthService>;

const INVALID_CREDENTIALS = () =>
  new AppError({
    statusCode: 401,
    code: ErrorCode.INVALID_CREDENTIALS,
    message: 'The login name or password is not correct.',
  });

export function createAuthService(db: Db, sessions: SessionService, accounts: AccountsService) {
  async function requireTenant(solutionInstanceGuid: string | undefined) {
    const tenant = await repository.findTenant(db, solutionInstanceGuid);
    if (!tenant) throw notFound('Solution instance');
    return tenant;
  }

  return {
    requireTenant,

    /**
     * Password sign-in. Every failure (unknown login, wrong password) answers the same
     * generic message after the same work, and changes nothing. Success always starts
     * a new session: any session the browser had is destroyed by the caller.
     */
    async login(options: {
      request: TLoginRequest;
      solutionInstanceGuid?: string;
      ipAddress: string;
      userAgent: string;
    }) {
      const tenant = await requireTenant(options.solutionInstanceGuid);
      const loginKey = options.request.loginName.trim().toUpperCase();
      const user = await repository.findUserByLoginKey(db, tenant.id, loginKey);
      const passwordMatches = await verifyPassword(user?.passwordHash, options.request.password);
      if (!user || !passwordMatches) throw INVALID_CREDENTIALS();
      if (!user.active) {
        throw new AppError({
          statusCode: 415,
          code: ErrorCode.USER_INACTIVE,
          message: 'Your account has been deactivated. Please contact your administrator.',
        });
      }
      const customers = await accounts.listCustomers(user.id);
      const current = resolveCurrentCustomer(customers, {
        storedCustNo: user.lastCustNo,
        preferDefault: true,
      });
      const currency = resolveCurrentCurrency(
        current,
        current?.custNo === user.lastCustNo ? user.lastCurrencyCode : null,
      );
      const created = await sessions.create({
        tenantId: tenant.id,
        userId: user.id,
        state: 'active',
        current: { custNo: current?.custNo ?? null, currencyCode: currency.currencyCode },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      });
      return created;
    },

    /** The user data of the specification for a signed-in session. */
    async userData(session: SessionContext): Promise<TUserData> {
      const roles = session.roles;
      const [tenant, customers, currencyMap, current] = await Promise.all([
        repository.findTenantById(db, session.tenantId),
        accounts.listCustomers(session.userId, {
          custNo: session.currentCustNo,
          currencyCode: session.currentCurrencyCode,
        }),
        accounts.currencyMap(),
        accounts.resolveCurrent(session),
      ]);
      const { user } = session;
      return {
        loginName: user.loginName,
        customers,
        roles,
        fullName: `${user.firstName} ${user.lastName}`.trim(),
        firstName: user.firstName,
        lastName: user.lastName,
        locale: user.locale,
        localeForFormatting: user.localeForFormatting,
        language: user.language,
        timezone: user.timezone,
        sessionId: session.publicId,
        currencyCode: current?.currencyCode ?? resolveCurrentCurrency(null).currencyCode,
        currencyMap,
        currentCustNo: current?.currentCustNo ?? null,
        currentCustomer: current?.currentCustomer ?? null,
        appHeaderName: tenant?.appHeaderName ?? 'Settle',
      };
    },

    async legalTemplate(options: { tenantGuid?: string; type: 1 | 2; language: string }): Promise<string> {
      const tenant = await requireTenant(options.tenantGuid);
      const language = options.language.slice(0, 2).toLowerCase();
      return (
        (await repository.findLegalTemplate(db, tenant.id, options.type, language)) ??
        (await repository.findLegalTemplate(db, tenant.id, options.type, 'en')) ??
        ''
      );
    },
  };
}
