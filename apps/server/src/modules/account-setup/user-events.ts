import type { Db } from '../../db/client';
import type { ActivityService } from '../activity/activity.service';

export type UserEvents = Pick<ActivityService, 'recordAs'>;

/**
 * A registration or an activation on the customer's timeline and in the provider's events outbox,
 * in the caller's transaction; the user is the actor (no session yet).
 */
export function recordUserEvent(
  activity: UserEvents,
  tx: Db,
  user: { tenantId: number; customerId: number; userId: number; loginName: string; displayName: string },
  kind: 'USER_REGISTERED' | 'USER_ACTIVATED',
) {
  return activity.recordAs(tx, { actorId: user.userId, actorName: user.displayName }, [
    {
      tenantId: user.tenantId,
      customerId: user.customerId,
      invoiceId: null,
      kind,
      details: { userId: String(user.userId), loginName: user.loginName },
    },
  ]);
}
