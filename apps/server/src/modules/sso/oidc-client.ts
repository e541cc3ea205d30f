import type * as oidc from 'openid-client';
import type { AppConfig } from '../../config';

export type OidcSettings = NonNullable<AppConfig['oidc']>;

export type AuthorizationRequest = {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
};

export type OidcClient = ReturnType<typeof createOidcClient>;

/** openid-client, loaded by the first single sign-on rather than at start. */
export const loadOpenIdClient = () => import('openid-client');

/**
 * The relying party's side of OpenID Connect, on openid-client: discovery (kept once it
 * succeeds), the authorization address, and the code exchange whose ID token is checked for
 * signature (provider's JWKS), issuer, audience (our client id), expiry and nonce.
 */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    // A failed discovery is not kept: the next sign-on tries again once the provider is back.
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  }

  return {
    async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
      const [config, openid] = await Promise.all([configuration(), loadOpenIdClient()]);
      return openid.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: settings.scopes,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * The code for tokens, and the claims of the verified ID token. A provider that keeps
     * profile claims out of the ID token (the default of many) gives them at the userinfo
     * endpoint, asked with the access token for the same subject.
     */
    async exchangeCode(options: {
      callback: URL;
      expected: Omit<AuthorizationRequest, 'redirectUri'>;
      claim: string;
    }): Promise<{ subject: string; claimValue: unknown }> {
      const [config, openid] = await Promise.all([configuration(), loadOpenIdClient()]);
      const tokens = await openid.authorizationCodeGrant(config, options.callback, {
        expectedState: options.expected.state,
        expectedNonce: options.expected.nonce,
        pkceCodeVerifier: options.expected.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token response carries no ID token');
      if (claims[options.claim] !== undefined) {
        return { subject: claims.sub, claimValue: claims[options.claim] };
      }
      const userInfo = await openid.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { subject: claims.sub, claimValue: userInfo[options.claim] };
    },
  };
}

async function discover(settings: OidcSettings): Promise<oidc.Configuration> {
  const openid = await loadOpenIdClient();
  const issuer = new URL(settings.issuer);
  const clientAuth = settings.clientSecret
    ? openid.ClientSecretBasic(settings.clientSecret)
    : // A public client: PKCE alone binds the code to this browser's sign-on.
      openid.None();
  return openid.discovery(issuer, settings.clientId, undefined, clientAuth, {
    execute: allowsPlainHttp(issuer) ? [openid.allowInsecureRequests] : [],
    timeout: 10,
  });
}

/** Plain http only to a provider on this machine (development, tests); anything else must be https. */
export function allowsPlainHttp(issuer: URL): boolean {
  if (issuer.protocol !== 'http:') return false;
  const host = issuer.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
