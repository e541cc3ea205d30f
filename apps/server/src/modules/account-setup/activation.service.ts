import { ConfirmationMessage, type TActivationRequest } from '@settle/shared/account-setup';
import { loginKeyOf } from '@settle/shared/rules/login-name';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Sealer } from '../../lib/sealed-values';
import { createAccountTokens } from '../auth/account-tokens';
import type { AuthService } from '../auth/auth.service';
import { userInactive } from '../auth/auth-errors';
import { accountKey, type LoginThrottle } from '../auth/login-throttle';
import { hashPassword } from '../auth/password';
import { createSessionService } from '../auth/session.service';
import { accountCodeUrl, openSealed, openSealedId, publicOrigin } from './account-links';
import * as repository from './account-setup.repository';
import { invalidLink, linkExpired, userAlreadyActive } from './account-setup-errors';
import { recordUserEvent, type UserEvents } from './user-events';

export type ActivationDeps = {
  config: AppConfig;
  sealer: Sealer;
  /** The user look-ups are the sign-in's own, so both read a login the same way. */
  auth: Pick<AuthService, 'requireTenant' | 'findUser'>;
  throttle: LoginThrottle;
  activity: UserEvents;
};

type LinkValues = { encryptedCompanyId: string; namedUser: string };

/**
 * The steps behind the emailed links: activation (first password), password reset, and the
 * checks the pages make before showing their form.
 */
export function createActivationService(db: Db, deps: ActivationDeps) {
  const { config, sealer, auth, throttle } = deps;
  const origin = publicOrigin(config);

  /**
   * The user a link names: namedUser in the tenant of companyId, and linked to that
   * customer. Anything else (a changed value, another company's id) is INVALID_LINK.
   */
  async function openUserLink(link: LinkValues) {
    const customerId = openSealedId(sealer, 'companyId', link.encryptedCompanyId);
    const loginName = openSealed(sealer, 'namedUser', link.namedUser);
    const company = await repository.findCustomerWithTenant(db, customerId);
    if (!company) throw invalidLink();
    const user = await auth.findUser(company.tenant.id, loginKeyOf(loginName));
    if (!user || !(await repository.isUserLinkedTo(db, user.id, customerId))) throw invalidLink();
    return { user, tenant: company.tenant, customerId };
  }

  return {
    /**
     * 200 while the account waits for activation; 406 USER_ALREADY_ACTIVE once it has a password;
     * 415 USER_INACTIVE once the provider deactivated it, before the activation check as
     * POST user/activation does: no page offers a password form that activation refuses.
     */
    async verifyUserAsInactive(link: LinkValues) {
      const { user } = await openUserLink(link);
      if (user.deactivatedAt) throw userInactive();
      if (user.activatedAt) throw userAlreadyActive();
      return { inactive: true as const };
    },

    /**
     * Sets the first password and activates, using up the code, in one transaction. The
     * caller then signs in like POST /auth/login (a PIN step may follow). The code is checked
     * first: an activation link opened again answers LINK_EXPIRED, like any used link (the
     * page's own check, verifyUserAsInactive, tells the account is active already).
     */
    async activate(request: TActivationRequest): Promise<{ loginName: string; tenantGuid: string }> {
      const { user, tenant, customerId } = await openUserLink(request);
      const passwordHash = await hashPassword(request.password);
      await db.transaction(async (tx) => {
        const used = await createAccountTokens(tx).consume({
          purpose: 'activation',
          code: request.activationCode,
        });
        // A code of another user rolls back with the rest: it stays usable by its owner.
        if (!used || used.userId !== user.id) throw linkExpired();
        const activated = await repository.activateUser(tx, {
          userId: user.id,
          passwordHash,
          now: new Date(),
        });
        if (activated === 'deactivated') throw userInactive();
        if (activated === 'active') throw userAlreadyActive();
        await recordUserEvent(
          deps.activity,
          tx,
          {
            tenantId: tenant.id,
            customerId,
            userId: user.id,
            loginName: user.loginName,
            displayName: `${user.firstName} ${user.lastName}`.trim(),
          },
          'USER_ACTIVATED',
        );
      });
      return { loginName: user.loginName, tenantGuid: tenant.guid };
    },

    /**
     * A new password from a recovery (or reset) link: the code is used up, the password set
     * and every session of the user ended, in one transaction; the account's failed sign-ins
     * are forgotten. It does not sign in: the user signs in as usual, PIN step included.
     */
    async resetPassword(request: TActivationRequest) {
      const { user } = await openUserLink(request);
      if (user.deactivatedAt) throw userInactive();
      if (!user.activatedAt) throw linkExpired();
      if (!user.active) throw userInactive();
      const passwordHash = await hashPassword(request.password);
      await db.transaction(async (tx) => {
        const tokens = createAccountTokens(tx);
        const used =
          (await tokens.consume({ purpose: 'recovery', code: request.activationCode })) ??
          (await tokens.consume({ purpose: 'reset', code: request.activationCode }));
        if (!used || used.userId !== user.id) throw linkExpired();
        await repository.updatePassword(tx, user.id, passwordHash);
        await createSessionService(tx, config).endAllOfUser(user.tenantId, user.id);
      });
      await throttle.clear([accountKey(user.id)]);
      return { message: ConfirmationMessage.PASSWORD_RESET_DONE };
    },

    /** The login name a namedUser parameter carries. */
    decrypt(sealed: string) {
      return { value: openSealed(sealer, 'namedUser', sealed) };
    },

    /**
     * The phone mask for a login: its default customer's, else the tenant's. An unknown login
     * gets the tenant's after the same queries, so the answer's work tells nothing.
     */
    async companyDefMask(options: { loginName: string; solutionInstanceGuid?: string }) {
      const tenant = await auth.requireTenant(options.solutionInstanceGuid);
      const mask = await repository.findCustomerMaskOfLogin(db, tenant.id, loginKeyOf(options.loginName));
      return { companyDefMask: mask ?? tenant.phoneMask };
    },

    /**
     * The password-reset link for a recovery email, naming the user's default customer; null
     * for a user linked to no customer (such an account has nothing to sign in to).
     */
    async resetLink(user: { id: number; loginName: string }, code: string): Promise<string | null> {
      const customerId = await repository.findDefaultCustomerId(db, user.id);
      if (customerId === undefined) return null;
      return accountCodeUrl(origin, sealer, 'resetPassword', { customerId, code, loginName: user.loginName });
    },
  };
}
