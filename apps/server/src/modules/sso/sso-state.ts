import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Sealer } from '../../lib/sealed-values';

/**
 * What the start of a single sign-on must find again at its end, kept in the browser that
 * started it: sealed (AES-GCM, so it can be neither read nor changed) in an httpOnly cookie.
 * Nothing is stored on the server, so an abandoned sign-on leaves nothing behind.
 */
export const SSO_STATE_COOKIE = 'SETTLE_SSO';

/** Long enough to type a password and pass the provider's second factor; short for a replay. */
export const SSO_STATE_TTL_MS = 10 * 60_000;

const ZSsoState = z.object({
  /** The tenant the sign-on started for: the user is looked up there only. */
  tenantGuid: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  /** The exact redirect_uri of the authorization request: the token request must repeat it. */
  redirectUri: z.string(),
  expiresAt: z.number(),
});
export type SsoState = z.infer<typeof ZSsoState>;

export function sealSsoState(sealer: Sealer, state: SsoState): string {
  return sealer.seal('sso-state', JSON.stringify(state));
}

/** The state of a cookie that is present, untouched and not expired; null otherwise. */
export function openSsoState(sealer: Sealer, sealed: string | undefined, now: number): SsoState | null {
  if (!sealed) return null;
  const text = sealer.open('sso-state', sealed);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const state = ZSsoState.safeParse(parsed);
  if (!state.success || state.data.expiresAt <= now) return null;
  return state.data;
}

export function sameState(expected: string, received: string): boolean {
  const left = Buffer.from(expected);
  const right = Buffer.from(received);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * SameSite=Lax: the provider sends the browser back with a top-level navigation and the SSO
 * screen posts from our own origin, so the cookie is there when needed and never on a
 * cross-site POST. Scoped to the sign-in calls: nothing else needs to carry it.
 */
function cookieOptions(config: AppConfig) {
  return {
    path: `${config.apiBase}/auth`,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.session.cookieSecure,
  };
}

export function setSsoStateCookie(reply: FastifyReply, config: AppConfig, sealed: string) {
  reply.setCookie(SSO_STATE_COOKIE, sealed, {
    ...cookieOptions(config),
    maxAge: Math.floor(SSO_STATE_TTL_MS / 1000),
  });
}

export function clearSsoStateCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SSO_STATE_COOKIE, cookieOptions(config));
}
