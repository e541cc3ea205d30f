import { randomInt, timingSafeEqual } from 'node:crypto';
import { PIN_RESEND_INTERVAL_SECONDS } from '@settle/shared/auth-steps';
import { completeSmsPhone, maskMobile } from '@settle/shared/rules/phone';
import { CourierError } from '../../adapters/courier-messages';
import type { SmsCourier } from '../../adapters/sms/sms-courier';
import { renderPinSms } from '../../adapters/sms/sms-templates';
import type { Db } from '../../db/client';
import { courierUnavailable, rateLimited } from './auth-errors';
import type { Keyed } from './auth-secret';
import * as repository from './pin.repository';

/** Wrong tries before a code dies and a new one is needed. */
export const PIN_MAX_ATTEMPTS = 5;
/** At most one new code per PIN_RESEND_INTERVAL_SECONDS (shared: the page counts it down), and 5 new codes after the first, per sign-in attempt. */
export const PIN_MAX_RESENDS = 5;
/**
 * Each password step starts a new attempt with its own code, so the per-attempt limits alone
 * would let someone holding the password flood the owner's phone: cap the codes per user too.
 */
export const PIN_MAX_CODES_PER_USER_PER_HOUR = 10;

export type PinRecipient = { language: string; smsAreaCode: string; smsPhone: string };

export type PinVerdict =
  | { outcome: 'accepted' }
  | { outcome: 'expired' }
  | { outcome: 'wrong'; triesLeft: number }
  | { outcome: 'attemptsExceeded' };

export type PinService = ReturnType<typeof createPinService>;

/**
 * Sign-in codes: 6 digits, sent by SMS, bound to one sign-in attempt (the pin_pending
 * session's token hash), single use, expiring, with a few tries. Only an HMAC of the code
 * and the attempt is stored, so neither a table leak nor another attempt's code helps.
 */
export function createPinService(db: Db, options: { keyed: Keyed; sms: SmsCourier; ttlMinutes: number }) {
  const { keyed, sms, ttlMinutes } = options;
  const hashCode = (sessionTokenHash: string, code: string) => keyed.hmac('pin', sessionTokenHash, code);

  /** Throws 429 when this attempt, or this user, asked for codes too recently or too often. */
  async function assertMayIssue(sessionTokenHash: string, userId: number, now = new Date()): Promise<void> {
    const lastHour = new Date(now.getTime() - 3_600_000);
    if (
      (await repository.countChallengesOfUserSince(db, userId, lastHour)) >= PIN_MAX_CODES_PER_USER_PER_HOUR
    ) {
      throw rateLimited(
        'Too many sign-in codes were sent to this account in the last hour. Please try again later.',
      );
    }
    const latest = await repository.findLatestChallenge(db, sessionTokenHash);
    if (!latest) return;
    const waitMs = latest.sentAt.getTime() + PIN_RESEND_INTERVAL_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw rateLimited(
        `A code was sent moments ago. Wait ${seconds} seconds before asking for a new one.`,
        seconds,
      );
    }
    if ((await repository.countChallenges(db, sessionTokenHash)) > PIN_MAX_RESENDS) {
      throw rateLimited('Too many codes were asked for this sign-in. Please sign in again.');
    }
  }

  return {
    assertMayIssue,

    /**
     * Sends a fresh code for the attempt; earlier codes of the attempt stop working.
     * Answers where it went, or that there is no mobile number to send it to.
     */
    async issue(options: {
      sessionTokenHash: string;
      tenantId: number;
      userId: number;
      recipient: PinRecipient;
      now?: Date;
    }): Promise<{ sent: true; maskedMobile: string } | { sent: false }> {
      const now = options.now ?? new Date();
      const to = completeSmsPhone(options.recipient.smsAreaCode, options.recipient.smsPhone);
      if (!to) return { sent: false };
      await assertMayIssue(options.sessionTokenHash, options.userId, now);
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await repository.retireChallenges(db, options.sessionTokenHash, now);
      const id = await repository.insertChallenge(db, {
        sessionTokenHash: options.sessionTokenHash,
        userId: options.userId,
        codeHash: hashCode(options.sessionTokenHash, code),
        method: 'SMS',
        sentAt: now,
        expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
      });
      try {
        await sms.send({
          tenantId: options.tenantId,
          to,
          body: renderPinSms(options.recipient.language, { code, minutes: ttlMinutes }),
          secrets: [code],
        });
      } catch (error) {
        // A code nobody received must not stay guessable.
        await repository.consumeChallenge(db, id, now);
        if (error instanceof CourierError) throw courierUnavailable();
        throw error;
      }
      return { sent: true, maskedMobile: maskMobile(to) };
    },

    /** Checks a code against this attempt's newest challenge; a wrong code uses up a try. */
    async verify(options: {
      sessionTokenHash: string;
      userId: number;
      code: string;
      now?: Date;
    }): Promise<PinVerdict> {
      const now = options.now ?? new Date();
      const challenge = await repository.findLatestChallenge(db, options.sessionTokenHash);
      if (!challenge || challenge.userId !== options.userId) return { outcome: 'expired' };
      if (challenge.consumedAt) {
        return challenge.attempts >= PIN_MAX_ATTEMPTS
          ? { outcome: 'attemptsExceeded' }
          : { outcome: 'expired' };
      }
      if (challenge.expiresAt.getTime() <= now.getTime()) {
        await repository.consumeChallenge(db, challenge.id, now);
        return { outcome: 'expired' };
      }
      if (sameHash(challenge.codeHash, hashCode(options.sessionTokenHash, options.code))) {
        // The update only succeeds once, so two parallel uses of one code cannot both pass.
        return (await repository.consumeChallenge(db, challenge.id, now))
          ? { outcome: 'accepted' }
          : { outcome: 'expired' };
      }
      const attempts = await repository.addAttempt(db, challenge.id);
      if (attempts === undefined) return { outcome: 'expired' };
      if (attempts >= PIN_MAX_ATTEMPTS) {
        await repository.consumeChallenge(db, challenge.id, now);
        return { outcome: 'attemptsExceeded' };
      }
      return { outcome: 'wrong', triesLeft: PIN_MAX_ATTEMPTS - attempts };
    },

    forgetAttempt(sessionTokenHash: string): Promise<void> {
      return repository.deleteChallengesOfSession(db, sessionTokenHash);
    },

    purgeExpired(now = new Date()): Promise<number> {
      return repository.deleteChallengesExpiredBefore(db, now);
    },
  };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
