import type { TLoginRequest, TUserData } from '@settle/shared/auth';
import { resolveCurrentCurrency, resolveCurrentCustomer } from '@settle/shared/rules/accounts';
import { loginKeyOf } from '@settle/shared/rules/login-name';
import type { TSecondFactorKind } from '@settle/shared/second-factors';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SecondFactorsService } from '../second-factors/second-factors.service';
import { type AccountUser, toAccountUser } from './account-user';
import * as repository from './auth.repository';
import { invalidCredentials, invalidPin, pinAttemptsExceeded, pinExpired, userInactive } from './auth-errors';
import type { Credentials } from './credentials';
import type { PinService } from './pin.service';
import { hashToken, randomToken, type SessionContext, type SessionService } from './session.service';

export type AuthService = ReturnType<typeof createAuthService>;

type CreatedSession = Awaited<ReturnType<SessionService['create']>>;

/** What the password (and PIN) step led to; the route turns it into cookies and an answer. */
export type LoginOutcome =
  | { step: 'signedIn'; session: CreatedSession }
  | { step: 'pinSent'; session: CreatedSession; maskedMobile: string }
  | { step: 'mobileMissing'; session: CreatedSession }
  | {
      step: 'factorChoice';
      session: CreatedSession;
      offered: TSecondFactorKind[];
      first: 'TOTP' | 'PASSKEY';
    };

type UserRow = NonNullable<Awaited<ReturnType<typeof repository.findUserByLoginKey>>>;

/** What a new session needs of its user: whose it is, and the account chosen last. */
type SessionUser = Pick<AccountUser, 'id' | 'tenantId' | 'lastCustNo' | 'lastCurrencyCode'>;

export function createAuthService(
  db: Db,
  deps: {
    sessions: SessionService;
    accounts: AccountsService;
    credentials: Credentials;
    pins: PinService;
    secondFactors: SecondFactorsService;
  },
) {
  const { sessions, accounts, credentials, pins, secondFactors } = deps;

  async function requireTenant(solutionInstanceGuid: string | undefined) {
    const tenant = await repository.findTenant(db, solutionInstanceGuid);
    if (!tenant) throw notFound('Solution instance');
    return tenant;
  }

  async function startActiveSession(user: SessionUser, client: { ipAddress: string; userAgent: string }) {
    const customers = await accounts.listCustomers(user.id);
    const current = resolveCurrentCustomer(customers, { storedCustNo: user.lastCustNo, preferDefault: true });
    const currency = resolveCurrentCurrency(
      current,
      current?.custNo === user.lastCustNo ? user.lastCurrencyCode : null,
    );
    return sessions.create({
      tenantId: user.tenantId,
      userId: user.id,
      state: 'active',
      current: { custNo: current?.custNo ?? null, currencyCode: currency.currencyCode },
      ...client,
    });
  }

  /** The code step of a user whose policy asks for one, on the half-signed-in session. */
  async function checkPin(user: UserRow, pinCode: string, pending: SessionContext | null, keys: string[]) {
    // A code only counts on the session of the attempt it was sent for.
    if (pending?.state !== 'pin_pending' || pending.userId !== user.id) throw pinExpired();
    const verdict = await pins.verify({
      sessionTokenHash: pending.tokenHash,
      userId: user.id,
      code: pinCode.replace(/\s/g, ''),
    });
    if (verdict.outcome === 'accepted') return;
    if (verdict.outcome === 'expired') throw pinExpired();
    await credentials.recordFailure(keys);
    throw verdict.outcome === 'wrong' ? invalidPin(verdict.triesLeft) : pinAttemptsExceeded();
  }

  /** Password passed, code needed: a pin_pending session, and a code sent when there is a mobile. */
  async function startPinStep(user: UserRow, client: { ipAddress: string; userAgent: string }) {
    const session = await sessions.create({
      tenantId: user.tenantId,
      userId: user.id,
      state: 'pin_pending',
      current: { custNo: null, currencyCode: null },
      ...client,
    });
    const sessionTokenHash = hashToken(session.token);
    try {
      const sent = await pins.issue({
        sessionTokenHash,
        tenantId: user.tenantId,
        userId: user.id,
        recipient: user,
      });
      return sent.sent
        ? ({ step: 'pinSent', session, maskedMobile: sent.maskedMobile } as const)
        : ({ step: 'mobileMissing', session } as const);
    } catch (error) {
      // The browser never gets this session's cookie: nothing should be left waiting on it.
      await sessions.destroy(sessionTokenHash);
      throw error;
    }
  }

  /** A pending sign-in for a user with an app or passkey: nothing is texted unless asked for. */
  async function startFactorStep(
    user: UserRow,
    client: { ipAddress: string; userAgent: string },
    factors: { offered: TSecondFactorKind[]; first: 'TOTP' | 'PASSKEY' },
  ): Promise<LoginOutcome> {
    const session = await sessions.create({
      tenantId: user.tenantId,
      userId: user.id,
      state: 'pin_pending',
      current: { custNo: null, currencyCode: null },
      ...client,
    });
    return { step: 'factorChoice', session, offered: factors.offered, first: factors.first };
  }

  /** The user data of the specification for a signed-in session. */
  async function userData(session: SessionContext): Promise<TUserData> {
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
  }

  /**
   * The end of a sign-in that another step vouched for (single sign-on): the session the
   * browser came with ends (rotation, so that a planted token never survives), and the answer
   * is the user data of the new one, read as the browser's next call will read it.
   */
  async function finishSignIn(previous: SessionContext | null, created: CreatedSession): Promise<TUserData> {
    if (previous) await sessions.destroy(previous.tokenHash);
    return userData(await sessions.authenticate(created.token));
  }

  return {
    requireTenant,
    /** A fully signed-in session for a user another step vouched for (single sign-on). */
    startActiveSession,
    finishSignIn,

    /** A user of the tenant by login key (the upper-cased login name), as other modules see users. */
    async findUser(tenantId: number, loginKey: string): Promise<AccountUser | undefined> {
      const row = await repository.findUserByLoginKey(db, tenantId, loginKey);
      return row && toAccountUser(row);
    },

    async findUserById(userId: number): Promise<AccountUser | undefined> {
      const row = await repository.findUserById(db, userId);
      return row && toAccountUser(row);
    },

    /**
     * Sign-out: the session ends on the server, and the browser gets a new anonymous CSRF
     * token, so that nothing of the signed-in session is left to reuse. `signedOut` tells
     * whether there was a session to end.
     */
    async signOut(session: SessionContext | null): Promise<{ signedOut: boolean; csrfToken: string }> {
      if (session) await sessions.destroy(session.tokenHash);
      return { signedOut: Boolean(session), csrfToken: randomToken() };
    },

    /**
     * The password step, and the PIN step for users whose policy asks for a code. Every
     * refusal of the password answers the same generic message after the same work and
     * changes nothing but the brute-force counters. Each step ends in a new session (the
     * caller destroys the one the browser came with), so a planted token never survives.
     */
    async login(options: {
      request: TLoginRequest;
      solutionInstanceGuid?: string;
      ipAddress: string;
      userAgent: string;
      current: SessionContext | null;
    }): Promise<LoginOutcome> {
      const tenant = await requireTenant(options.solutionInstanceGuid);
      const loginKey = loginKeyOf(options.request.loginName);
      const user = await repository.findUserByLoginKey(db, tenant.id, loginKey);
      const keys = credentials.keysFor({
        tenantId: tenant.id,
        loginKey,
        userId: user?.id,
        ipAddress: options.ipAddress,
      });
      await credentials.verify({
        keys,
        passwordHash: user?.passwordHash,
        password: options.request.password,
      });
      if (!user) throw invalidCredentials();
      if (!user.active) throw userInactive();
      const client = { ipAddress: options.ipAddress, userAgent: options.userAgent };

      const factors = await secondFactors.signInFactors({
        ...toAccountUser(user),
        pinPolicy: user.pinPolicy,
      });
      if (factors.sms || factors.chosen) {
        const pinCode = options.request.pinCode?.trim();
        if (!pinCode)
          return factors.chosen ? startFactorStep(user, client, factors) : startPinStep(user, client);
        await checkPin(user, pinCode, options.current, keys);
      }
      await credentials.succeeded(user.id);
      return { step: 'signedIn', session: await startActiveSession(user, client) };
    },

    userData,

    /**
     * The end of a PIN step another factor passed (authenticator app, recovery code, passkey):
     * the pending session ends and a signed-in one starts, as after an SMS code.
     */
    async completeSecondStep(pending: SessionContext, client: { ipAddress: string; userAgent: string }) {
      const user = await repository.findUserById(db, pending.userId);
      if (!user) throw invalidCredentials();
      if (!user.active) throw userInactive();
      await credentials.succeeded(user.id);
      await sessions.destroy(pending.tokenHash);
      return startActiveSession(user, client);
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
