import { z } from 'zod';

/**
 * Single sign-on (OpenID Connect, authorization code with PKCE). The browser leaves through
 * {api}/auth/sso/start, signs in at the provider, comes back to the SSO screen at
 * SSO_CALLBACK_PATH, and that screen completes the sign-in with POST {api}/auth/ssologin.
 */

/** The web app's SSO screen: the redirect_uri registered at the provider is the portal origin + this. */
export const SSO_CALLBACK_PATH = '/sso';

/** Under the REST base: where the pre-login answer's ssoLoginUrl points. */
export const SSO_START_PATH = '/auth/sso/start';

export { isSsoErrorCode, SsoErrorCode, type TSsoErrorCode } from './sso-error-codes';

export const ZSsoStartQuery = z.object({
  solutionInstanceGuid: z.string().max(64).optional(),
});

/**
 * The authorization response the provider sent to the SSO screen, passed on unchanged.
 * `iss` is the issuer of RFC 9207: providers that announce it must send it, and it is checked.
 */
export const ZSsoLoginRequest = z
  .object({
    code: z.string().min(1, 'The authorization code is missing').max(2048),
    state: z.string().min(1, 'The state is missing').max(512),
    iss: z.string().max(2048).optional(),
  })
  .meta({ id: 'SsoLoginRequest' });
export type TSsoLoginRequest = z.infer<typeof ZSsoLoginRequest>;
