import { randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type TSecondFactorKind,
  type TSecondFactors,
  type TTotpEnrolment,
} from '@settle/shared/second-factors';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Sealer } from '../../lib/sealed-values';
import type { AccountUser } from '../auth/account-user';
import type { Keyed } from '../auth/auth-secret';
import {
  lastFactorRequired,
  noFactorForRecovery,
  totpAlreadyOn,
  totpNotStarted,
  wrongCode,
} from './second-factor-errors';
import * as repository from './second-factors.repository';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp';

export type SecondFactorsService = ReturnType<typeof createSecondFactorsService>;

/** What the factor rules need of a user. */
export type FactorUser = Pick<AccountUser, 'id' | 'tenantId' | 'loginName' | 'smsCodes'>;

/** Recovery codes: 10 base32 characters (50 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/**
 * The authenticator app (TOTP) and recovery codes of a user, the tenant's "second factor for
 * everyone" policy, and what the sign-in's PIN step may offer. Passkeys are in passkeys.service.ts.
 */
export function createSecondFactorsService(
  db: Db,
  deps: {
    sealer: Sealer;
    keyed: Keyed;
    clock: Clock;
    findUser: (userId: number) => Promise<AccountUser | undefined>;
  },
) {
  const { sealer, keyed, clock } = deps;
  const hashRecovery = (userId: number, normalised: string) =>
    keyed.hmac('recovery', String(userId), normalised);

  async function requireUser(userId: number): Promise<FactorUser> {
    const user = await deps.findUser(userId);
    if (!user) throw notFound('User');
    return user;
  }

  async function confirmedTotp(userId: number) {
    const row = await repository.findTotp(db, userId);
    return row?.confirmedAt ? row : undefined;
  }

  /** The factors a user chose (TOTP, passkeys) and the SMS codes of their policy, counted. */
  async function countFactors(user: FactorUser) {
    const [totp, passkeys] = await Promise.all([
      confirmedTotp(user.id),
      repository.listPasskeys(db, user.id),
    ]);
    return {
      totp: Boolean(totp),
      passkeys,
      total: (totp ? 1 : 0) + passkeys.length + (user.smsCodes ? 1 : 0),
    };
  }

  /** New codes replace the old ones; only their HMACs are kept, the texts are shown once. */
  async function issueRecoveryCodes(user: FactorUser): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repository.replaceRecoveryCodes(
      db,
      { userId: user.id, tenantId: user.tenantId },
      codes.map((code) => hashRecovery(user.id, code.replace('-', ''))),
    );
    return codes;
  }

  return {
    countFactors,
    issueRecoveryCodes,
    requireUser,

    async status(userId: number): Promise<TSecondFactors> {
      const user = await requireUser(userId);
      const [factors, recoveryCodesLeft, tenantRequiresSecondFactor] = await Promise.all([
        countFactors(user),
        repository.countRecoveryCodesLeft(db, user.id),
        repository.tenantRequiresSecondFactor(db, user.tenantId),
      ]);
      return {
        totp: factors.totp,
        sms: user.smsCodes,
        passkeys: factors.passkeys.map((row) => ({
          id: row.id,
          name: row.name,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft,
        tenantRequiresSecondFactor,
      };
    },

    /**
     * What the PIN step offers this user. `chosen` is true when the user set up an app or a
     * passkey (then no SMS is sent unasked); `sms` when codes by SMS apply, by the user's
     * policy or, for a user with nothing else, by the tenant's.
     */
    async signInFactors(user: FactorUser & { pinPolicy: 'NONE' | 'SMS' }) {
      const [factors, recoveryLeft, tenantRequires] = await Promise.all([
        countFactors(user),
        repository.countRecoveryCodesLeft(db, user.id),
        repository.tenantRequiresSecondFactor(db, user.tenantId),
      ]);
      const chosen = factors.totp || factors.passkeys.length > 0;
      const sms = user.pinPolicy === 'SMS' || (tenantRequires && !chosen);
      const offered: TSecondFactorKind[] = [];
      if (factors.totp) offered.push('TOTP');
      if (factors.passkeys.length > 0) offered.push('PASSKEY');
      if (sms && user.smsCodes) offered.push('SMS');
      if (chosen && recoveryLeft > 0) offered.push('RECOVERY');
      return { chosen, sms, offered, first: factors.totp ? ('TOTP' as const) : ('PASSKEY' as const) };
    },

    /** A new secret (replacing one never confirmed), as a QR code and as text. */
    async startTotp(userId: number): Promise<TTotpEnrolment> {
      const user = await requireUser(userId);
      const issuer = await repository.findTenantName(db, user.tenantId);
      const secret = newTotpSecret();
      const started = await repository.startTotp(db, {
        userId: user.id,
        tenantId: user.tenantId,
        secretSealed: sealer.seal('totp-secret', secret),
      });
      if (!started) throw totpAlreadyOn();
      const uri = otpauthUri({ secret, issuer, account: user.loginName });
      // The QR code library is loaded by the first enrolment, not at start.
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        secret,
        otpauthUri: uri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** The first code proves the app holds the secret: the app is on, and 10 recovery codes are shown once. */
    async confirmTotp(userId: number, code: string): Promise<{ recoveryCodes: string[] }> {
      const user = await requireUser(userId);
      const row = await repository.findTotp(db, user.id);
      if (!row) throw totpNotStarted();
      if (row.confirmedAt) throw totpAlreadyOn();
      const secret = sealer.open('totp-secret', row.secretSealed);
      const step = secret && matchTotp({ secret, code, at: clock.now(), lastUsedStep: row.lastUsedStep });
      if (typeof step !== 'number' || !(await repository.useTotpStep(db, user.id, step, true)))
        throw wrongCode();
      return { recoveryCodes: await issueRecoveryCodes(user) };
    },

    /** Removes the app; refused when it is the last factor and the tenant requires one. */
    async removeTotp(userId: number): Promise<void> {
      const user = await requireUser(userId);
      const factors = await countFactors(user);
      if (!factors.totp) {
        await repository.deleteTotp(db, user.id); // an enrolment never confirmed
        return;
      }
      await assertMayRemoveOne(user, factors.total);
      await repository.deleteTotp(db, user.id);
      if (factors.passkeys.length === 0)
        await repository.replaceRecoveryCodes(db, { userId: user.id, tenantId: user.tenantId }, []);
    },

    async regenerateRecoveryCodes(userId: number): Promise<{ recoveryCodes: string[] }> {
      const user = await requireUser(userId);
      const factors = await countFactors(user);
      if (!factors.totp && factors.passkeys.length === 0) throw noFactorForRecovery();
      return { recoveryCodes: await issueRecoveryCodes(user) };
    },

    /** A code of the user's app at the PIN step: each step's code is accepted once. */
    async verifyTotp(userId: number, code: string): Promise<boolean> {
      const row = await confirmedTotp(userId);
      const secret = row && sealer.open('totp-secret', row.secretSealed);
      if (!row || !secret) return false;
      const step = matchTotp({ secret, code, at: clock.now(), lastUsedStep: row.lastUsedStep });
      return step !== null && repository.useTotpStep(db, userId, step, false);
    },

    /** A recovery code (already normalised by its schema) at the PIN step: single use. */
    useRecoveryCode(userId: number, normalised: string): Promise<boolean> {
      return repository.useRecoveryCode(db, userId, hashRecovery(userId, normalised));
    },

    assertMayRemoveOne,

    /** One more refused factor on a pending sign-in; answers how many so far. */
    countFailure: (sessionTokenHash: string) => repository.countFailure(db, sessionTokenHash),
  };

  async function assertMayRemoveOne(user: FactorUser, total: number): Promise<void> {
    if (total > 1) return;
    if (await repository.tenantRequiresSecondFactor(db, user.tenantId)) throw lastFactorRequired();
  }
}

/**
 * The operator command `second-factor-policy <tenantGuid|default> <required|optional>`: whether
 * every user of the tenant must pass a second factor at sign-in (users with no app or passkey
 * get the SMS code), and whether the last factor may be removed.
 */
export async function secondFactorPolicyCommand(db: Db, argument: string | undefined): Promise<string> {
  const usage = 'Usage: npm run admin -- second-factor-policy <tenantGuid|default> <required|optional>';
  const [guid, value] = (argument ?? '').trim().split(/\s+/);
  if (!guid || (value !== 'required' && value !== 'optional')) throw new Error(usage);
  const tenant = await repository.setTenantRequiresSecondFactor(db, guid, value === 'required');
  if (!tenant) throw new Error(`No tenant has the guid ${guid}. ${usage}`);
  return value === 'required'
    ? `${tenant.name} (${tenant.guid}): every user now signs in with a second factor`
    : `${tenant.name} (${tenant.guid}): a second factor is now each user's choice`;
}
