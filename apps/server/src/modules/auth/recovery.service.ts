import { loginKeyOf } from '@settle/shared/rules/login-name';
import type { CourierLogger } from '../../adapters/courier-messages';
import type { Couriers } from '../../adapters/couriers';
import { renderEmail } from '../../adapters/email/email-templates';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { AccountTokens } from './account-tokens';
import * as repository from './auth.repository';
import type { AuthService } from './auth.service';
import type { BackgroundTasks } from './background-tasks';
import { randomToken } from './session.service';

/** One recovery email per account per minute: the endpoint cannot be used to flood a mailbox. */
const RECOVERY_EMAIL_INTERVAL_MS = 60_000;

/** No user has this id (serial ids start at 1): the decoy's read finds nothing. */
const NO_USER_ID = 0;

type UserRow = NonNullable<Awaited<ReturnType<typeof repository.findUserByLoginKey>>>;

export function createRecoveryService(
  db: Db,
  deps: {
    config: AppConfig;
    auth: AuthService;
    couriers: Couriers;
    tokens: AccountTokens;
    background: BackgroundTasks;
    /** Builds the /resetPassword link (sealed company and login name); null when the user has no company. */
    links: { resetLink(user: UserRow, code: string): Promise<string | null> };
    logger?: Pick<CourierLogger, 'warn'>;
  },
) {
  const { config, couriers, tokens, background, links } = deps;
  const minutes = config.accountLinks.resetMinutes;

  /**
   * Runs for every call, known login or not: an unknown one reads the same throttle row (of
   * no user) and stops there, so the process is as busy after either answer and the next
   * request's timing tells nothing either.
   */
  async function sendRecoveryEmail(user: UserRow | undefined, appName: string, code: string) {
    const last = await tokens.lastIssuedAt(user?.id ?? NO_USER_ID, 'recovery');
    if (!user?.active || !user.email) return;
    if (last && Date.now() - last.getTime() < RECOVERY_EMAIL_INTERVAL_MS) return;
    // The link's origin is the configured one, never the request's Host (see account-links.ts).
    const link = await links.resetLink(user, code);
    if (!link) {
      deps.logger?.warn({ userId: user.id }, 'recovery email not sent: the user is linked to no customer');
      return;
    }
    await tokens.issue({ userId: user.id, purpose: 'recovery', ttlMinutes: minutes, code });
    const email = renderEmail('recovery', user.language, {
      firstName: user.firstName,
      appName,
      link,
      minutes,
    });
    await couriers.email.send({ tenantId: user.tenantId, to: user.email, ...email, secrets: [code] });
  }

  return {
    /**
     * Sends a recovery link when the login exists, is active and has an email address. The
     * answer and the request's own work are the same either way; the token and the email
     * are made after the answer, in the background.
     */
    async troubleSigningIn(options: { loginName: string; solutionInstanceGuid?: string }) {
      const tenant = await deps.auth.requireTenant(options.solutionInstanceGuid);
      const user = await repository.findUserByLoginKey(db, tenant.id, loginKeyOf(options.loginName));
      const code = randomToken();
      background.run('recovery email', () => sendRecoveryEmail(user, tenant.appHeaderName, code));
      return { sent: true as const };
    },
  };
}
