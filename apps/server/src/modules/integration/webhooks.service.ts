import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { webhookSubscriptions } from '../../db/schema/integration';
import { badRequest, notFound } from '../../lib/app-error';
import { refusedWebhookUrl } from './webhook-address';

type DeliveryRow = {
  id: number;
  event_id: string;
  type: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  last_status_code: number | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** Subscriptions per tenant, their delivery log and redelivery; another tenant's answer 404. */
export function createWebhooksService(db: Db, options: { allowPrivateAddresses?: boolean } = {}) {
  return {
    /** An address on an internal network is refused (400) unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES allows it. */
    async subscribe(tenantId: number, request: { url: string; eventTypes: string[] }) {
      const refused = options.allowPrivateAddresses ? null : refusedWebhookUrl(request.url);
      if (refused) throw badRequest(refused, [{ field: 'body.url', message: refused }]);
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const [row] = await db
        .insert(webhookSubscriptions)
        .values({ tenantId, url: request.url, secret, eventTypes: [...new Set(request.eventTypes)] })
        .returning();
      return { ...present(row!), secret };
    },

    async list(tenantId: number) {
      const rows = await db
        .select()
        .from(webhookSubscriptions)
        .where(and(eq(webhookSubscriptions.tenantId, tenantId), isNull(webhookSubscriptions.disabledAt)))
        .orderBy(webhookSubscriptions.id);
      return rows.map(present);
    },

    /** Stops a subscription: its waiting deliveries are given up, its log stays. */
    async unsubscribe(tenantId: number, id: number): Promise<void> {
      const rows = await db
        .update(webhookSubscriptions)
        .set({ disabledAt: new Date() })
        .where(
          and(
            eq(webhookSubscriptions.id, id),
            eq(webhookSubscriptions.tenantId, tenantId),
            isNull(webhookSubscriptions.disabledAt),
          ),
        )
        .returning({ id: webhookSubscriptions.id });
      if (rows.length === 0) throw notFound(`Webhook subscription ${id}`);
      await db.execute(
        sql`update webhook_deliveries set status = 'FAILED', last_error = 'subscription removed'
            where subscription_id = ${id} and status = 'PENDING'`,
      );
    },

    /** The delivery log of a subscription, newest first. */
    async deliveries(tenantId: number, subscriptionId: number, limit = 100) {
      await ownSubscription(tenantId, subscriptionId);
      const rows = await queryRows<DeliveryRow>(
        db,
        sql`select d.id::int as id, e.event_id, e.type, d.status, d.attempts, d.last_status_code,
              case when d.status = 'PENDING' then ${iso('d.next_attempt_at')} end as next_attempt_at,
              ${iso('d.delivered_at')} as delivered_at
            from webhook_deliveries d join integration_events e on e.id = d.event_id
            where d.subscription_id = ${subscriptionId} order by d.id desc limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        type: row.type,
        status: row.status,
        attempts: row.attempts,
        lastStatusCode: row.last_status_code,
        nextAttemptAt: row.next_attempt_at,
        deliveredAt: row.delivered_at,
      }));
    },

    /** Sends a delivery again (same event id), whatever its state; it keeps its place in its object's order. */
    async redeliver(tenantId: number, deliveryId: number): Promise<void> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update webhook_deliveries d set status = 'PENDING', next_attempt_at = now(), delivered_at = null
            from webhook_subscriptions s
            where d.id = ${deliveryId} and s.id = d.subscription_id and s.tenant_id = ${tenantId}
              and s.disabled_at is null
            returning d.id`,
      );
      if (rows.length === 0) throw notFound(`Webhook delivery ${deliveryId}`);
    },
  };

  async function ownSubscription(tenantId: number, id: number) {
    const [row] = await db
      .select({ id: webhookSubscriptions.id })
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.tenantId, tenantId)));
    if (!row) throw notFound(`Webhook subscription ${id}`);
  }
}

function present(row: typeof webhookSubscriptions.$inferSelect) {
  return { id: row.id, url: row.url, eventTypes: row.eventTypes, createdAt: row.createdAt.toISOString() };
}
