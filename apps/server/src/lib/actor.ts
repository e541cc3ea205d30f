import type { SessionContext } from '../modules/auth/session.service';

/** Who did something, as timelines, notes and attachments show them. */
export function actorOf(session: SessionContext): { actorId: number; actorName: string } {
  const name = `${session.user.firstName} ${session.user.lastName}`.trim();
  return { actorId: session.userId, actorName: name || session.user.loginName };
}
