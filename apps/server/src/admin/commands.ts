import { ErrorCode } from '@settle/shared/errors';
import { loginKeyOf } from '@settle/shared/rules/login-name';
import type { Db } from '../db/client';
import { findUsersByLoginKeyInAnyTenant } from '../modules/auth/auth.repository';
import { accountKey, addressKey } from '../modules/auth/login-throttle';
import type { Services } from '../services';

/** What an operator command needs; the CLI builds it, tests pass the app's own. */
export type AdminContext = {
  db: Db;
  services: Pick<
    Services,
    | 'sessions'
    | 'throttle'
    | 'pins'
    | 'accountSetup'
    | 'paymentSettings'
    | 'apiKeys'
    | 'webhooks'
    | 'nacha'
    | 'ledgerLoad'
    | 'background'
  >;
};

/** Operator commands as functions, so that tests run exactly what `npm run admin` runs. */
export const adminCommands = {
  async purgeExpiredSessions({ services }: AdminContext): Promise<string> {
    const sessions = await services.sessions.purgeExpired();
    const codes = await services.pins.purgeExpired();
    return `${sessions} expired session(s) and ${codes} expired sign-in code(s) deleted`;
  },

  /** Ends every session; each browser learns why (MGMT_SHUTDOWN) on its next call. */
  async shutdownSessions({ services }: AdminContext): Promise<string> {
    const ended = await services.sessions.revokeAll(ErrorCode.MGMT_SHUTDOWN);
    return `${ended} session(s) ended; their users see the administrator-shutdown message`;
  },

  /** Lifts the brute-force lock and slow-down of a login, in every tenant that has it. */
  async unlock({ db, services }: AdminContext, loginName: string | undefined): Promise<string> {
    if (!loginName?.trim()) throw new Error('Usage: npm run admin -- unlock <loginName>');
    const users = await findUsersByLoginKeyInAnyTenant(db, loginKeyOf(loginName));
    if (users.length === 0) throw new Error(`No user has the login name ${loginName}`);
    const cleared = await services.throttle.clear(users.map((user) => accountKey(user.id)));
    return cleared > 0 ? `${loginName} unlocked` : `${loginName} had no failed sign-ins to clear`;
  },

  /** Lifts the brute-force lock and slow-down of one client address. */
  async unlockAddress({ services }: AdminContext, ipAddress: string | undefined): Promise<string> {
    if (!ipAddress?.trim()) throw new Error('Usage: npm run admin -- unlock-address <ip>');
    const cleared = await services.throttle.clear([addressKey(ipAddress.trim())]);
    return cleared > 0 ? `${ipAddress} unlocked` : `${ipAddress} had no failed sign-ins to clear`;
  },
};
