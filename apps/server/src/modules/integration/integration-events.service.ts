import { randomUUID } from 'node:crypto';
import type { TActivityKind } from '@settle/shared/activity';
import { ErrorCode } from '@settle/shared/errors';
import {
  encodeEventCursor,
  parseEventCursor,
  type TEventType,
  type TIntegrationEvent,
} from '@settle/shared/integration';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { badRequest } from '../../lib/app-error';

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
  xid: string;
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
  /**
   * A numeric cursor from before the (xid, id) order names an event id: continue after that
   * event's position. Events written before then all have xid 0 (the migration
   * outbox_transaction_order), so an id not found (0, or an event since removed) continues after
   * the old events up to it.
   */
  async function positionOf(tenantId: number, eventId: string) {
    const [row] = await queryRows<{ xid: string }>(
      db,
      sql`select xid::text as xid from integration_events where id = ${eventId}::bigint and tenant_id = ${tenantId}`,
    );
    return { xid: row?.xid ?? '0', id: eventId };
  }

  return {
    async emit(tx: Db, actorName: string, entries: readonly EventSource[]): Promise<void> {
      const events = entries.flatMap((entry) => {
        const type = EVENT_OF_ACTIVITY[entry.kind];
        return type ? [{ entry, type }] : [];
      });
      if (events.length === 0) return;
      // No lock: each row takes its transaction's id (the xid column's default), and the pull API
      // lists an event only once every older transaction has ended (listAfter), so writers of one
      // tenant never wait on each other here.
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

    /**
     * The pull API: a tenant's events after a cursor, in (xid, id) order: the writing transaction's
     * id, then the event's id within it.
     *
     * Why the cursor is stable (a reader who was handed a position never later sees an event appear
     * at or before it), without making writers wait on each other:
     * - xid is pg_current_xact_id() of the writing transaction: the top-level id (also when written
     *   in a savepoint), assigned at the transaction's first write from a counter that only grows
     *   (xid8 carries the epoch: no wraparound). All of a transaction's events commit, or vanish,
     *   together, and its ids follow its inserts.
     * - pg_current_snapshot() is the snapshot this statement reads the table with; its xmin is the
     *   oldest transaction id that snapshot sees as still running. Every transaction with an id
     *   below xmin has ended (committed or rolled back) and no new one can get such an id. So the
     *   events with xid < xmin that this statement sees are all there will ever be below xmin.
     * - An event committed after this statement comes from a transaction running at its snapshot,
     *   or begun after it: its xid is >= xmin, above every xid returned here, so above any cursor
     *   this answer gives. Hence no event sorts at or before a cursor unless it was already listed,
     *   and paging by (xid, id) > cursor lists every committed event exactly once.
     * - With the id alone (a sequence), a transaction can take id 7, stay open while another takes
     *   8 and commits, and a reader would pass 8 and never see 7: that is why writers used to be
     *   serialised by a per-tenant lock held to their commit.
     * What it costs: an event is held back while any transaction on the server older than its own,
     * of any tenant or database, that has written is still open (read-only ones have no id and do
     * not count): a long write, such as an invoice load (one transaction), delays every event until
     * it ends; delayed, never lost. And the order is the order in which transactions first wrote,
     * not the order of their commits: of two overlapping transactions the first to write is listed
     * first; one that began writing after another had committed is always listed after it.
     * Events from before the migration outbox_transaction_order have xid 0, below every real id
     * (3 and up): listed first, in id order.
     * The reader must not itself be in a transaction that wrote (its own id is not in its snapshot);
     * it reads on a connection of its own. On PGlite, one connection, transactions never overlap and
     * xmin is past every committed event.
     */
    async listAfter(tenantId: number, after: string | undefined, limit: number) {
      const cursor = after === undefined ? undefined : parseEventCursor(after);
      if (after !== undefined && !cursor)
        throw badRequest(
          'after: a cursor from a previous answer',
          [{ field: 'querystring.after', message: 'a cursor from a previous answer' }],
          ErrorCode.VALIDATION_FAILED,
        );
      const from = cursor && 'eventId' in cursor ? await positionOf(tenantId, cursor.eventId) : cursor;
      const rows = await queryRows<EventRow>(
        db,
        // Ordered by the table's columns (e.xid, e.id), not the text aliases of the same names.
        sql`select e.id::text as id, e.xid::text as xid, e.event_id, e.type, e.payload,
              to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
            from integration_events e
            where e.tenant_id = ${tenantId}
              ${from ? sql`and (e.xid, e.id) > (${from.xid}::xid8, ${from.id}::bigint)` : sql``}
              and e.xid < pg_snapshot_xmin(pg_current_snapshot())
            order by e.xid, e.id limit ${limit}`,
      );
      const last = rows.at(-1);
      return { events: rows.map(toEvent), next: last ? encodeEventCursor(last) : (after ?? null) };
    },
  };
}

export function toEvent(row: Pick<EventRow, 'event_id' | 'type' | 'at' | 'payload'>): TIntegrationEvent {
  return { id: row.event_id, type: row.type, time: row.at, data: row.payload };
}
