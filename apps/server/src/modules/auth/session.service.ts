import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@settle/shared/errors';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, unauthenticated } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { deleteChallengesOfSession } from './pin.repository';
import * as repository from './session.repository';

export type SessionUser = NonNullable<
  Awaited<ReturnType<ReturnType<typeof repository.createSessionReader>>>
>['user'];

export type SessionContext = {
  tokenHash: string;
  publicId: string;
  csrfToken: string;
  state: 'active' | 'pin_pending';
  tenantId: number;
  userId: number;
  currentCustNo: string | null;
  currentCurrencyCode: string | null;
  user: SessionUser;
  /** Privilege strings, read with the session so that every rule check has them. */
  roles: string[];
  /** What the session statement's probe read for the key the call named (see SessionProbe). */
  scopeProbe?: { custNo: string; result: unknown };
};

/** Why a session was ended from outside; the next call with its cookie answers this code. */
export const REVOKED_REASONS = [ErrorCode.MGMT_SHUTDOWN, ErrorCode.HOST_HEADER_MODIFIED] as const;
export type RevokedReason = (typeof REVOKED_REASONS)[number];

/** Writing last-seen on every call would make every read a write; a minute of slack is plenty for a 30-minute idle limit. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `clock` says what "now" is for the time-outs (browser tests move it forward, see lib/clock.ts). */
export function createSessionService(
  db: Db,
  config: AppConfig,
  clock: Clock = systemClock,
  reads: { probe?: repository.SessionProbe; writeGeneration?: () => number } = {},
) {
  const readSession = repository.createSessionReader(db, reads.probe, reads);
  const idleMs = config.session.idleMinutes * 60_000;
  const absoluteMs = config.session.absoluteHours * 3_600_000;

  /** Ends a session and whatever sign-in codes were waiting on it. */
  async function destroy(tokenHash: string): Promise<void> {
    await repository.deleteSession(db, tokenHash);
    await deleteChallengesOfSession(db, tokenHash);
  }

  return {
    /** A new session with a fresh token: called at every sign-in, so a planted token never survives it. */
    async create(options: {
      tenantId: number;
      userId: number;
      state: 'active' | 'pin_pending';
      current: { custNo: string | null; currencyCode: string | null };
      ipAddress: string;
      userAgent: string;
      now?: Date;
    }) {
      const now = options.now ?? clock.now();
      const token = randomToken();
      const csrfToken = randomToken();
      const publicId = randomBytes(12).toString('hex');
      await repository.insertSession(db, {
        tokenHash: hashToken(token),
        publicId,
        tenantId: options.tenantId,
        userId: options.userId,
        csrfToken,
        state: options.state,
        currentCustNo: options.current.custNo,
        currentCurrencyCode: options.current.currencyCode,
        ipAddress: options.ipAddress.slice(0, 64),
        userAgent: options.userAgent.slice(0, 300),
        createdAt: now,
        lastSeenAt: now,
        absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
      });
      return { token, csrfToken, publicId };
    },

    /**
     * The session behind a cookie token, or an error saying why there is none:
     * ended by an operator answers MGMT_SHUTDOWN; expired (idle or absolute) answers
     * SESSION_EXPIRED; a deactivated user answers 415. Each refusal deletes the session.
     * A `background` call (the web app's polls) is checked the same way but leaves last-seen
     * alone: a tab left open must not keep its session from going idle.
     */
    async authenticate(
      token: string,
      options: { now?: Date; background?: boolean; probeCustNo?: string } = {},
    ): Promise<SessionContext> {
      const now = options.now ?? clock.now();
      const tokenHash = hashToken(token);
      // Without a probe in the statement there is nothing to tell about the key.
      const probeCustNo = reads.probe ? options.probeCustNo : undefined;
      const found = await readSession(tokenHash, probeCustNo);
      if (!found) throw unauthenticated();
      const { session, user, roles } = found;
      if (session.revokedReason) {
        await destroy(tokenHash);
        const known = REVOKED_REASONS.find((reason) => reason === session.revokedReason);
        throw unauthenticated(known ?? ErrorCode.UNAUTHENTICATED);
      }
      const idleExpired = now.getTime() - session.lastSeenAt.getTime() > idleMs;
      if (idleExpired || session.absoluteExpiresAt.getTime() <= now.getTime()) {
        await destroy(tokenHash);
        throw unauthenticated(ErrorCode.SESSION_EXPIRED);
      }
      if (!user.active) {
        await destroy(tokenHash);
        throw new AppError({
          statusCode: 415,
          code: ErrorCode.USER_INACTIVE,
          message: 'Your account has been deactivated. Please contact your administrator.',
        });
      }
      if (!options.background && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repository.touchSession(db, tokenHash, now);
      }
      return {
        tokenHash,
        publicId: session.publicId,
        csrfToken: session.csrfToken,
        state: session.state,
        tenantId: session.tenantId,
        userId: session.userId,
        currentCustNo: session.currentCustNo,
        currentCurrencyCode: session.currentCurrencyCode,
        user,
        roles,
        scopeProbe: probeCustNo !== undefined ? { custNo: probeCustNo, result: found.probe } : undefined,
      };
    },

    destroy,

    /**
     * A context for work done on a user's behalf without their session (a payment a colleague approved,
     * an autopay rule they set):
     * no token, the user's own roles. Undefined for an inactive or unknown user.
     */
    async actingAs(tenantId: number, userId: number): Promise<SessionContext | undefined> {
      const user = await repository.findActiveUser(db, tenantId, userId);
      if (!user) return undefined;
      return {
        tokenHash: '',
        publicId: '',
        csrfToken: '',
        state: 'active',
        tenantId,
        userId,
        currentCustNo: null,
        currentCurrencyCode: null,
        user,
        roles: await repository.findRolesOfUser(db, userId),
      };
    },

    /** Ends the session behind a cookie token from outside; its next use tells why. */
    revokeToken(token: string, reason: RevokedReason): Promise<void> {
      return repository.revokeSession(db, hashToken(token), reason);
    },

    /** Ends every session of one user (a password reset): other browsers must sign in again. */
    endAllOfUser(tenantId: number, userId: number): Promise<void> {
      return repository.deleteSessionsOfUser(db, tenantId, userId);
    },

    /** Ends every session of the user but this one (a password changed in the profile). */
    endOthersOfUser(options: { tenantId: number; userId: number; keepTokenHash: string }): Promise<number> {
      return repository.deleteOtherSessionsOfUser(db, options);
    },

    /** Marks every session as ended (operator shutdown); each tells why on its next call. */
    revokeAll(reason: RevokedReason): Promise<number> {
      return repository.revokeAllSessions(db, reason);
    },

    setCurrent(tokenHash: string, current: { custNo: string; currencyCode: string }) {
      return repository.updateSessionCurrent(db, tokenHash, current);
    },

    purgeExpired(now = clock.now()) {
      return repository.deleteExpiredSessions(db, new Date(now.getTime() - idleMs), now);
    },

    countLive(now = clock.now()) {
      return repository.countLiveSessions(db, new Date(now.getTime() - idleMs), now);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
