import { loginKeyOf } from '@settle/shared/rules/login-name';
import { SSO_CALLBACK_PATH, type TSsoLoginRequest } from '@settle/shared/sso';
import type { CourierLogger } from '../../adapters/courier-messages';
import type { AppConfig } from '../../config';
import type { Sealer } from '../../lib/sealed-values';
import type { AuthService } from '../auth/auth.service';
import { userInactive } from '../auth/auth-errors';
import type { SessionContext } from '../auth/session.service';
import { createOidcClient, loadOpenIdClient } from './oidc-client';
import { ssoFailed, ssoNotConfigured, ssoProviderUnavailable, ssoUnknownUser } from './sso-errors';
import { openSsoState, SSO_STATE_TTL_MS, sameState, sealSsoState } from './sso-state';

export type SsoService = ReturnType<typeof createSsoService>;

/** The SSO screen's post: what the provider sent back, and the state cookie of this browser. */
type SsoAttempt = {
  sealedState: string | undefined;
  request: TSsoLoginRequest;
  ipAddress: string;
  userAgent: string;
};

/**
 * Single sign-on for tenants flagged sso_enabled: OpenID Connect, authorization code with
 * PKCE, state and nonce. The provider's answer names a login; the user must already exist,
 * be activated and active in the tenant the sign-on started for.
 */
export function createSsoService(deps: {
  config: AppConfig;
  auth: AuthService;
  sealer: Sealer;
  logger: CourierLogger;
}) {
  const { config, auth, sealer, logger } = deps;
  const client = config.oidc ? createOidcClient(config.oidc) : undefined;

  /**
   * The return trip: the cookie's state must be intact, fresh and equal to the one the
   * provider sent back; then the code is exchanged with the PKCE verifier and the ID token
   * verified. There is no PIN step after it: the provider authenticated the person with
   * its own factors, and asking for our SMS code on top would override the identity
   * provider's policy (and SSO users need no mobile number on file).
   */
  async function complete(options: SsoAttempt) {
    if (!client) throw ssoNotConfigured();
    const saved = openSsoState(sealer, options.sealedState, Date.now());
    if (!saved) {
      logger.warn('single sign-on refused: the state cookie is missing, altered or expired');
      throw ssoFailed();
    }
    if (!sameState(saved.state, options.request.state)) {
      logger.warn('single sign-on refused: the state differs from the one this browser started with');
      throw ssoFailed();
    }
    const tenant = await auth.requireTenant(saved.tenantGuid).catch(() => undefined);
    if (!tenant?.ssoEnabled) throw ssoFailed();

    const callback = new URL(saved.redirectUri);
    callback.searchParams.set('code', options.request.code);
    callback.searchParams.set('state', options.request.state);
    if (options.request.iss !== undefined) callback.searchParams.set('iss', options.request.iss);
    let claimValue: unknown;
    try {
      ({ claimValue } = await client.exchangeCode({
        callback,
        expected: saved,
        claim: config.oidc!.loginClaim,
      }));
    } catch (error) {
      logger.warn(`single sign-on refused: ${describe(error)}`);
      throw ssoFailed();
    }

    const loginName = typeof claimValue === 'string' ? claimValue.trim() : '';
    if (!loginName) {
      logger.warn(`single sign-on: the provider's answer has no ${config.oidc!.loginClaim} claim`);
      throw ssoUnknownUser();
    }
    const user = await auth.findUser(tenant.id, loginKeyOf(loginName));
    // A registered user who never activated the account is not a user of the portal yet.
    if (!user?.activatedAt) throw ssoUnknownUser();
    if (!user.active) throw userInactive();
    return auth.startActiveSession(user, { ipAddress: options.ipAddress, userAgent: options.userAgent });
  }

  return {
    /**
     * Where the browser goes to sign in at the provider, and the sealed state its cookie keeps
     * until it comes back. `origin` is the portal's address as the browser sees it: the
     * provider sends the browser back to its SSO screen.
     */
    async start(options: { solutionInstanceGuid?: string; origin: string; now?: number }) {
      const tenant = await auth.requireTenant(options.solutionInstanceGuid);
      if (!client || !tenant.ssoEnabled) throw ssoNotConfigured();
      const openid = await loadOpenIdClient();
      const request = {
        redirectUri: `${options.origin}${SSO_CALLBACK_PATH}`,
        state: openid.randomState(),
        nonce: openid.randomNonce(),
        codeVerifier: openid.randomPKCECodeVerifier(),
      };
      let location: URL;
      try {
        location = await client.authorizationUrl(request);
      } catch (error) {
        logger.warn(`single sign-on: the provider's discovery failed (${describe(error)})`);
        throw ssoProviderUnavailable();
      }
      const sealedState = sealSsoState(sealer, {
        tenantGuid: tenant.guid,
        ...request,
        expiresAt: (options.now ?? Date.now()) + SSO_STATE_TTL_MS,
      });
      return { location: location.href, sealedState };
    },

    complete,

    /**
     * The whole sign-in of the SSO screen: complete the sign-on, then end the session the
     * browser came with (rotation, as after a password) and answer the new session with its
     * user data. The caller sets the new session's cookies.
     */
    async signIn(options: SsoAttempt & { previous: SessionContext | null }) {
      const { previous, ...attempt } = options;
      const session = await complete(attempt);
      return { session, userData: await auth.finishSignIn(previous, session) };
    },
  };
}

/** The reason for the log: openid-client's code and messages down the causes, never a token. */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 3; depth += 1) {
    const { code, error: oauthError } = cause as { code?: unknown; error?: unknown };
    parts.push(
      [code, oauthError, cause.message].filter((part) => typeof part === 'string' && part).join(': '),
    );
    cause = cause.cause;
  }
  return parts.join(' <- ') || String(error);
}
