import { randomUUID } from 'node:crypto';
import type { TActivityKind } from '@settle/shared/activity';
import type { TEventType, TIntegrationEvent } from '@settle/shared/integration';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/** The customer actions the provider hears of; the cart's own moves stay inside the portal. */
const EVENT_OF_ACTIVITY: Partial<Record<TActivityKind, TEventType>> = {
  DISPUTE_OPENED: 'dispute.created',
  DISPUTE_NOTE_ADDED: 'dispute.note_added',
  DISPUTE_ATTACHMENT_ADDED: 'dispute.attachment_added',
  DISPUTE_STATUS_CHANGED: 'dispute.status_changed',
  DISPUTE_REASON_CHANGED: 'dispute.reason_changed',
  PROMISE_SET: 'promise.set',
  PROMISE_REMOVED: 'promise.removed',
  PAYMENT_STARTED: 'payment.started',
  PAYMENT_SUCCEEDED: 'payment.succeeded',
  PAYMENT_FAILED: 'payment.failed',
  PAYMENT_CANCELLED: 'payment.cancelled',
  PAYMENT_APPROVAL_REQUESTED: 'payment.approval_requested',
  PAYMENT_APPROVAL_APPROVED: 'payment.approval_approved',
  PAYMENT_APPROVAL_REJECTED: 'payment.approval_rejected',
  PROFILE_SAVED: 'profile.saved',
  PROFILE_REMOVED: 'profile.removed',
  USER_REGISTERED: 'user.registered',
  USER_ACTIVATED: 'user.activated',
};

export type EventSource = {
  tenantId: number;
  customerId: number;
  invoiceId: number | null;
  probNo?: number | null;
  kind: TActivityKind;
  details?: Record<string, string>;
};

type EventRow = {
  id: string;
  event_id: string;
  type: TEventType;
  at: string;
  payload: Record<string, unknown>;
};

export type IntegrationEventsService = ReturnType<typeof createIntegrationEventsService>;

/**
 * The transactional outbox. emit() runs in the caller's transaction, so an event exists exactly
 * when its change was committed; the subscriptions' deliveries are queued by the same statement.
 */
export function createIntegrationEventsService(db: Db) {
  return {
    async emit(tx: Db, actorName: string, entries: readonly EventSource[]): Promise<void> {
      const events = entries.flatMap((entry) => {
        const type = EVENT_OF_ACTIVITY[entry.kind];
        return type ? [{ entry, type }] : [];
      });
      if (events.length === 0) return;
      // Commits of one tenant's events happen in id order, so that a reader who has seen id N never
      // sees an id below N appear later: the pull API's cursor is stable. Held only to the commit.
      const tenantIds = [...new Set(events.map(({ entry }) => entry.tenantId))].sort((a, b) => a - b);
      for (const tenantId of tenantIds)
        await tx.execute(sql`select pg_advisory_xact_lock(7017, ${tenantId})`);
      for (const { entry, type } of events) {
        const details = entry.details ?? {};
        const objectKey = details.paymentLogId
          ? `payment:${details.paymentLogId}`
          : details.paymentProfileId
            ? `profile:${details.paymentProfileId}`
            : details.userId
              ? `user:${details.userId}`
              : entry.probNo
                ? `dispute:${entry.probNo}`
                : `invoice:${entry.invoiceId ?? `customer-${entry.customerId}`}`;
        await tx.execute(sql`
          with event as (
            insert into integration_events (event_id, tenant_id, type, object_key, payload)
            select ${`evt_${randomUUID()}`}, ${entry.tenantId}, ${type}, ${objectKey},
              -- The timeline's details (strings) first, so that the typed keys win: probNo is a number.
              ${JSON.stringify(details)}::jsonb || jsonb_build_object('custNo', c.cust_no, 'invNo', i.inv_no,
                'tranId', i.tran_id, 'probNo', ${entry.probNo ?? null}::int, 'by', ${actorName}::text)
            from customers c left join invoices i on i.id = ${entry.invoiceId}::int
            where c.id = ${entry.customerId}
            returning id, tenant_id, type, object_key
          )
          insert into webhook_deliveries (subscription_id, event_id, object_key)
          select s.id, event.id, event.object_key from event
          join webhook_subscriptions s on s.tenant_id = event.tenant_id and s.disabled_at is null
            and (event.type = any(s.event_types) or '*' = any(s.event_types))`);
      }
    },

    /** The pull API: a tenant's events after a cursor (the last id seen), oldest first. */
    async listAfter(tenantId: number, after: string | undefined, limit: number) {
      const rows = await queryRows<EventRow>(
        db,
        sql`select id::text as id, event_id, type, payload,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
            from integration_events
            where tenant_id = ${tenantId} and id > ${after ?? '0'}::bigint
            order by id limit ${limit}`,
      );
      return {
        events: rows.map(toEvent),
        next: rows.length > 0 ? rows[rows.length - 1]!.id : (after ?? null),
      };
    },
  };
}

export function toEvent(row: Pick<EventRow, 'event_id' | 'type' | 'at' | 'payload'>): TIntegrationEvent {
  return { id: row.event_id, type: row.type, time: row.at, data: row.payload };
}
