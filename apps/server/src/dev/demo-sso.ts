import { randomBytes } from 'node:crypto';
import { SSO_CALLBACK_PATH } from '@settle/shared/sso';
import { type AppConfig, DEFAULT_OIDC_LOGIN_CLAIM, DEFAULT_OIDC_SCOPES } from '../config';
import { DEMO_PASSWORD } from '../db/seed/demo-catalogue';
import { SSO_DEMO_LOGIN, SSO_DEMO_PERSON, SSO_DEMO_TENANT } from '../db/seed/demo-sso-tenant';
// A type only: the provider's module itself is imported lazily below.
import type { LoopbackOidcProvider } from './oidc-provider';

/** The portal's client at the demo provider; its secret is new at every start. */
export const DEMO_SSO_CLIENT_ID = 'settle-demo-portal';

/** What a newcomer types at the demo provider: the demo user and every demo user's password. */
export const DEMO_SSO_ACCOUNT = {
  login: SSO_DEMO_LOGIN,
  password: DEMO_PASSWORD,
  name: `${SSO_DEMO_PERSON.firstName} ${SSO_DEMO_PERSON.lastName}`,
  email: SSO_DEMO_PERSON.email,
};

export type DemoSso = {
  /** The portal's configuration with the demo provider as its OpenID provider. */
  config: AppConfig;
  provider: LoopbackOidcProvider;
  /** The line the start logs: where to go and what to type. */
  announcement: string;
  close(): Promise<void>;
};

/**
 * The demo provider runs where the development aids run (the demo start, development), and
 * only when no provider is configured: explicit OIDC_* settings always win, and a production
 * start has neither the aids nor this provider.
 */
export function wantsDemoSso(config: AppConfig): boolean {
  return config.devOutbox && !config.oidc;
}

/**
 * Starts a loopback OpenID provider for the sso-demo tenant and answers the configuration that
 * uses it; undefined when it is not wanted. oidc-provider is imported here, lazily, so that a
 * production start never loads it.
 */
export async function startDemoSso(config: AppConfig): Promise<DemoSso | undefined> {
  if (!wantsDemoSso(config)) return undefined;
  const { startOidcProvider } = await import('./oidc-provider');
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = await startOidcProvider({
    clients: [{ clientId: DEMO_SSO_CLIENT_ID, clientSecret, redirectUris: portalRedirectUris(config) }],
    accounts: [DEMO_SSO_ACCOUNT],
  });
  const portal = config.publicOrigin?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
  return {
    config: {
      ...config,
      oidc: {
        issuer: provider.issuer,
        clientId: DEMO_SSO_CLIENT_ID,
        clientSecret,
        scopes: DEFAULT_OIDC_SCOPES,
        loginClaim: DEFAULT_OIDC_LOGIN_CLAIM,
      },
    },
    provider,
    announcement:
      `demo single sign-on: open ${portal}/login?solutionInstanceGuid=${SSO_DEMO_TENANT.guid}, enter ${SSO_DEMO_LOGIN}, ` +
      `then sign in at the demo OpenID provider (${provider.issuer}) as ${DEMO_SSO_ACCOUNT.login} / ${DEMO_SSO_ACCOUNT.password}`,
    close: provider.close,
  };
}

/**
 * The SSO screen's addresses the provider may send the browser back to: the public origin
 * when set, else this machine's names for the portal (the start route uses the address the
 * browser came through).
 */
function portalRedirectUris(config: AppConfig): string[] {
  if (config.publicOrigin) return [`${config.publicOrigin.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`];
  return ['localhost', '127.0.0.1', '[::1]'].map(
    (host) => `http://${host}:${config.port}${SSO_CALLBACK_PATH}`,
  );
}
