import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { rateLimited } from '../auth/auth-errors';
import type { Keyed } from '../auth/auth-secret';
import * as repository from './captcha.repository';
import { randomAudioAnswer, renderAudioCaptcha } from './captcha-audio';
import { drawCaptcha, normaliseAnswer, randomAnswer } from './captcha-picture';

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/** Pictures per client address per minute: plenty for a person, a brake on scripted farming. */
export const CAPTCHA_PICTURES_PER_MINUTE = 30;
/** The development aid keeps at most this many plain answers (oldest dropped first). */
const MAX_KEPT_ANSWERS = 500;

/**
 * Captcha challenges: a picture and its id; only an HMAC of the answer is stored, with an
 * expiry. A check deletes the challenge whatever its outcome, so an answer can be tried
 * once; a wrong one means a new picture.
 *
 * With keepAnswers (DEV_OUTBOX), the plain answers are also kept in memory for
 * GET {api}/dev/captcha/{id}: browser tests read them there, as they read texted codes
 * from the development outbox.
 */
export function createCaptchaService(
  db: Db,
  options: { keyed: Keyed; ttlMinutes: number; keepAnswers: boolean; picturesPerMinute?: number },
) {
  const { keyed } = options;
  const limit = options.picturesPerMinute ?? CAPTCHA_PICTURES_PER_MINUTE;
  const keptAnswers = new Map<string, string>();
  const recentByAddress = new Map<string, { windowStart: number; count: number }>();

  const answerHash = (id: string, answer: string) => keyed.hmac('captcha', id, normaliseAnswer(answer));

  /** A fixed one-minute window per address, in memory: cheap, and reset by a restart. */
  function countPicture(ipAddress: string, now: number) {
    for (const [address, entry] of recentByAddress) {
      if (now - entry.windowStart >= 60_000) recentByAddress.delete(address);
    }
    const entry = recentByAddress.get(ipAddress) ?? { windowStart: now, count: 0 };
    entry.count += 1;
    recentByAddress.set(ipAddress, entry);
    if (entry.count > limit) {
      const waitSeconds = Math.max(1, Math.ceil((entry.windowStart + 60_000 - now) / 1000));
      throw rateLimited('Too many pictures were asked for. Please wait a minute and try again.', waitSeconds);
    }
  }

  /** Stores a new challenge for the answer and returns its id. */
  async function issue(answer: string, request: { ipAddress: string; now?: Date }): Promise<string> {
    const now = request.now ?? new Date();
    countPicture(request.ipAddress, now.getTime());
    const id = randomBytes(18).toString('base64url');
    await repository.deleteExpiredChallenges(db, now);
    await repository.insertChallenge(db, {
      id,
      answerHash: answerHash(id, answer),
      expiresAt: new Date(now.getTime() + options.ttlMinutes * 60_000),
    });
    if (options.keepAnswers) {
      keptAnswers.set(id, answer);
      if (keptAnswers.size > MAX_KEPT_ANSWERS) keptAnswers.delete(keptAnswers.keys().next().value!);
    }
    return id;
  }

  return {
    async generate(request: { ipAddress: string; now?: Date }): Promise<{ id: string; svg: string }> {
      const answer = randomAnswer();
      const id = await issue(answer, request);
      return { id, svg: await drawCaptcha(answer) };
    },

    /**
     * The audio alternative: a challenge of its own (numbers played as beeps), stored and
     * checked exactly as a picture's: an HMAC of the answer, the same TTL, single use, and
     * the same per-address limit (a picture or a sound counts one).
     */
    async generateAudio(request: { ipAddress: string; now?: Date }): Promise<{ id: string; wav: Buffer }> {
      const answer = randomAudioAnswer();
      const id = await issue(answer, request);
      return { id, wav: renderAudioCaptcha(answer) };
    },

    /** True only for the right answer of a live challenge; the challenge is gone afterwards either way. */
    async verify(request: { id: string; answer: string; now?: Date }): Promise<boolean> {
      keptAnswers.delete(request.id);
      const challenge = await repository.takeChallenge(db, request.id);
      if (!challenge) return false;
      if (challenge.expiresAt.getTime() <= (request.now ?? new Date()).getTime()) return false;
      const expected = Buffer.from(challenge.answerHash);
      const given = Buffer.from(answerHash(request.id, request.answer));
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** Development aid only (see above); undefined when answers are not kept. */
    keptAnswer(id: string): string | undefined {
      return keptAnswers.get(id);
    },
  };
}
