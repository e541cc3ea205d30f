import type { TPasskeySummary } from '@settle/shared/second-factors';
import { SECOND_FACTOR_MESSAGES } from '@settle/shared/second-factors';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Keyed } from '../auth/auth-secret';
import { passkeyRefused } from './second-factor-errors';
import * as repository from './second-factors.repository';
import type { SecondFactorsService } from './second-factors.service';

export type PasskeysService = ReturnType<typeof createPasskeysService>;

/** A WebAuthn ceremony's challenge is good for 5 minutes, once. */
const CHALLENGE_TTL_MS = 5 * 60_000;

type Ceremony = { sessionTokenHash: string; userId: number };

/** The library's options as the contract's open JSON object (ZWebAuthnOptions). */
const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;

const transportsOf = (text: string) => (text ? (text.split(',') as AuthenticatorTransport[]) : undefined);
/** The WebAuthn library is loaded by the first ceremony, not at start (one of its largest module loads). */
const webauthn = () => import('@simplewebauthn/server');

/**
 * Passkeys (WebAuthn through @simplewebauthn/server): registered from the profile, used at the
 * sign-in's PIN step. The challenge of each ceremony is kept with the session that asked for it
 * (session_factor_state) and taken when the answer comes, so it serves once.
 */
export function createPasskeysService(
  db: Db,
  deps: {
    config: Pick<AppConfig, 'webauthn' | 'env'>;
    keyed: Keyed;
    clock: Clock;
    factors: SecondFactorsService;
  },
) {
  const { config, keyed, clock, factors } = deps;
  const rpID = config.webauthn.rpId;

  /**
   * The origins a response may come from: the configured ones. With none configured, the page's
   * own origin when its host is the relying party and that is localhost (the demo and the tests,
   * on any port), or outside production.
   */
  function expectedOrigins(response: { response: { clientDataJSON: string } }): string[] {
    if (config.webauthn.origins.length > 0) return config.webauthn.origins;
    if (config.env === 'production' && rpID !== 'localhost') return [];
    try {
      const { origin } = JSON.parse(
        Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
      );
      return new URL(origin).hostname === rpID ? [origin] : [];
    } catch {
      return [];
    }
  }

  async function takeChallenge(ceremony: Ceremony, purpose: 'register' | 'authenticate') {
    const challenge = await repository.takeChallenge(
      db,
      ceremony.sessionTokenHash,
      purpose,
      new Date(clock.now().getTime() - CHALLENGE_TTL_MS),
    );
    if (!challenge) throw passkeyRefused(SECOND_FACTOR_MESSAGES.passkeyChallengeMissing);
    return challenge;
  }

  const summary = (row: Awaited<ReturnType<typeof repository.listPasskeys>>[number]): TPasskeySummary => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  });

  return {
    async registrationOptions(ceremony: Ceremony) {
      const user = await factors.requireUser(ceremony.userId);
      const [existing, rpName] = await Promise.all([
        repository.listPasskeys(db, user.id),
        repository.findTenantName(db, user.tenantId),
      ]);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName,
        rpID,
        userName: user.loginName,
        // An opaque handle, not the database id: authenticators may show or sync it.
        userID: Buffer.from(keyed.hmac('webauthn-user', String(user.id)).slice(0, 32), 'hex'),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credentialId,
          transports: transportsOf(row.transports),
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await repository.saveChallenge(db, ceremony.sessionTokenHash, options.challenge, 'register');
      return asJson(options);
    },

    async register(ceremony: Ceremony, request: { name: string; response: unknown }) {
      const user = await factors.requireUser(ceremony.userId);
      const expectedChallenge = await takeChallenge(ceremony, 'register');
      const response = request.response as RegistrationResponseJSON;
      const { verifyRegistrationResponse } = await webauthn();
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: expectedOrigins(response),
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const }));
      if (!verification.verified) throw passkeyRefused();
      const { credential } = verification.registrationInfo;
      const hadCodes = (await repository.countRecoveryCodesLeft(db, user.id)) > 0;
      const row = await repository.insertPasskey(db, {
        tenantId: user.tenantId,
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: request.name,
      });
      // The same authenticator twice (its credential id is already stored): refused, nothing changes.
      if (!row) throw passkeyRefused();
      const recoveryCodes = hadCodes ? [] : await factors.issueRecoveryCodes(user);
      return { passkey: summary(row), recoveryCodes };
    },

    /** Removes the user's own passkey (404 for any other id); the last factor stays under the policy. */
    async remove(userId: number, passkeyId: number) {
      const user = await factors.requireUser(userId);
      const counted = await factors.countFactors(user);
      if (!counted.passkeys.some((row) => row.id === passkeyId)) throw notFound('Passkey');
      await factors.assertMayRemoveOne(user, counted.total);
      await repository.deletePasskey(db, user.id, passkeyId);
      if (!counted.totp && counted.passkeys.length === 1) {
        await repository.replaceRecoveryCodes(db, { userId: user.id, tenantId: user.tenantId }, []);
      }
    },

    async authenticationOptions(ceremony: Ceremony) {
      const passkeys = await repository.listPasskeys(db, ceremony.userId);
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: passkeys.map((row) => ({
          id: row.credentialId,
          transports: transportsOf(row.transports),
        })),
        userVerification: 'preferred',
      });
      await repository.saveChallenge(db, ceremony.sessionTokenHash, options.challenge, 'authenticate');
      return asJson(options);
    },

    /** True when the response is a valid assertion of one of this user's passkeys. */
    async verifyAssertion(ceremony: Ceremony, raw: unknown): Promise<boolean> {
      const response = raw as AuthenticationResponseJSON;
      const expectedChallenge = await takeChallenge(ceremony, 'authenticate');
      const passkey = await repository.findPasskeyByCredential(db, ceremony.userId, response.id);
      if (!passkey) return false;
      const { verifyAuthenticationResponse } = await webauthn();
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: expectedOrigins(response),
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: transportsOf(passkey.transports),
        },
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
      if (!verification.verified || !verification.authenticationInfo) return false;
      await repository.usePasskey(db, passkey.id, verification.authenticationInfo.newCounter);
      return true;
    },
  };
}
