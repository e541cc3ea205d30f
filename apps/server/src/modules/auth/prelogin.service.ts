import { loginKeyOf } from '@settle/shared/rules/login-name';
import { SSO_START_PATH } from '@settle/shared/sso';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import * as repository from './auth.repository';
import type { AuthService } from './auth.service';
import type { Keyed } from './auth-secret';
import { randomToken } from './session.service';

export type PincodeMethod = 'SMS' | 'NONE';
export type PreloginAnswer = {
  key: string;
  pincodeMethod: PincodeMethod;
  sso: boolean;
  ssoLoginUrl?: string;
};

/**
 * The method an unknown login name is answered with: fixed per name (an HMAC, so repeated
 * calls agree) and drawn with the tenant's real share of SMS users, so that neither the
 * answer nor its frequency tells unknown names from real ones.
 */
export function decoyPincodeMethod(options: {
  keyed: Keyed;
  tenantId: number;
  loginKey: string;
  smsShare: number;
}) {
  const digest = options.keyed.hmac('prelogin', String(options.tenantId), options.loginKey);
  const draw = Number.parseInt(digest.slice(0, 8), 16) / 0x1_0000_0000;
  return draw < options.smsShare ? 'SMS' : 'NONE';
}

/**
 * Where the browser of a single-sign-on tenant goes instead of asking for a password; none
 * while the server has no OpenID provider configured (the page then says so).
 */
export function ssoLoginUrl(config: Pick<AppConfig, 'apiBase' | 'oidc'>, tenantGuid: string) {
  if (!config.oidc) return undefined;
  return `${config.apiBase}${SSO_START_PATH}?solutionInstanceGuid=${encodeURIComponent(tenantGuid)}`;
}

export function createPreloginService(db: Db, deps: { auth: AuthService; keyed: Keyed; config: AppConfig }) {
  return {
    /**
     * What the login page needs before the password: whether a code step follows and
     * whether the tenant signs in elsewhere. Known and unknown names take the same path:
     * the same queries, the decoy computed either way, a random key either way.
     */
    async prelogin(options: { loginName: string; solutionInstanceGuid?: string }): Promise<PreloginAnswer> {
      const tenant = await deps.auth.requireTenant(options.solutionInstanceGuid);
      const loginKey = loginKeyOf(options.loginName);
      const [user, smsShare] = await Promise.all([
        repository.findUserByLoginKey(db, tenant.id, loginKey),
        repository.smsPolicyShare(db, tenant.id),
      ]);
      const decoy = decoyPincodeMethod({ keyed: deps.keyed, tenantId: tenant.id, loginKey, smsShare });
      const pincodeMethod: PincodeMethod = user ? (user.pinPolicy === 'SMS' ? 'SMS' : 'NONE') : decoy;
      // The key is opaque and tied to nothing: the client echoes it, and it proves nothing.
      const answer: PreloginAnswer = { key: randomToken(), pincodeMethod, sso: tenant.ssoEnabled };
      // The address depends on the tenant only, so it tells nothing about the login name.
      const loginUrl = tenant.ssoEnabled ? ssoLoginUrl(deps.config, tenant.guid) : undefined;
      return loginUrl ? { ...answer, ssoLoginUrl: loginUrl } : answer;
    },
  };
}
