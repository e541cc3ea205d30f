import { timingSafeEqual } from 'node:crypto';
import { NO_REMINDERS, type TReminderSettings, type TUnsubscribeQuery } from '@settle/shared/reminders';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Keyed } from '../auth/auth-secret';
import type { SessionContext } from '../auth/session.service';
import * as repository from './reminders.repository';

export type RemindersService = ReturnType<typeof createRemindersService>;

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid. Turn the reminders off in your profile.';

/**
 * A user's reminder choices, and the one-click unsubscribe link of the digests: the user id
 * signed with an HMAC under the app's auth secret, so that it needs no session and cannot be
 * changed to another user's id.
 */
export function createRemindersService(db: Db, deps: { keyed: Keyed }) {
  const signatureOf = (userId: number) => deps.keyed.hmac('reminders-unsubscribe', String(userId));

  return {
    async get(session: SessionContext): Promise<TReminderSettings> {
      return (await repository.findSettings(db, session.userId)) ?? NO_REMINDERS;
    },

    async save(session: SessionContext, settings: TReminderSettings): Promise<TReminderSettings> {
      await repository.saveSettings(db, { userId: session.userId, tenantId: session.tenantId, ...settings });
      return settings;
    },

    /** The query string of a user's unsubscribe link. */
    unsubscribeQuery(userId: number): string {
      return new URLSearchParams({ u: String(userId), sig: signatureOf(userId) }).toString();
    },

    /** Turns every reminder of the link's user off; a changed link is refused and changes nothing. */
    async unsubscribe(query: TUnsubscribeQuery): Promise<{ unsubscribed: true }> {
      const expected = Buffer.from(signatureOf(query.u), 'hex');
      const given = Buffer.from(query.sig, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw badRequest(UNSUBSCRIBE_INVALID, undefined, 'INVALID_LINK');
      }
      await repository.turnOff(db, query.u);
      return { unsubscribed: true };
    },
  };
}
