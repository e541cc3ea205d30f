import type { TActivityEntry, TActivityKind, TActivityList } from '@settle/shared/activity';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { activity } from '../../db/schema/activity';
import { actorOf } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import type { IntegrationEventsService } from '../integration/integration-events.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';

export type ActivityService = ReturnType<typeof createActivityService>;

export type ActivityEntry = {
  tenantId: number;
  customerId: number;
  invoiceId: number | null;
  probNo?: number | null;
  kind: TActivityKind;
  details?: Record<string, string>;
};

type ActivityRecord = {
  id: number;
  kind: TActivityKind;
  at: string;
  actor_name: string;
  inv_no: string | null;
  prob_no: number | null;
  details: Record<string, string>;
};

/**
 * The append-only activity table. Callers pass their transaction as `db` to record(), so an
 * entry exists exactly when its change was committed.
 */
export function createActivityService(
  db: Db,
  accounts: AccountsService,
  events?: Pick<IntegrationEventsService, 'emit'>,
) {
  /**
   * For changes made without a session (a payment settled by the provider's notification or by
   * recovery at start): the actor is the user the change is made for.
   */
  async function recordAs(
    tx: Db,
    actor: { actorId: number | null; actorName: string },
    entries: ActivityEntry[],
  ): Promise<void> {
    if (entries.length === 0) return;
    await tx.insert(activity).values(
      entries.map((entry) => ({
        tenantId: entry.tenantId,
        customerId: entry.customerId,
        invoiceId: entry.invoiceId,
        probNo: entry.probNo ?? null,
        kind: entry.kind,
        details: entry.details ?? {},
        ...actor,
      })),
    );
    // The provider's outbox is written beside the timeline, in the same transaction.
    await events?.emit(tx, actor.actorName, entries);
  }

  return {
    record(tx: Db, session: SessionContext, entries: ActivityEntry[]): Promise<void> {
      return recordAs(tx, actorOf(session), entries);
    },

    recordAs,

    /** An invoice's timeline, newest first; another customer's invoice is not found. */
    async listForInvoice(session: SessionContext, invNo: string, custNo?: string): Promise<TActivityList> {
      const { customer } = await resolveCustomerScope(accounts, session, { custNo });
      const rows = await queryRows<ActivityRecord>(
        db,
        sql`select a.id, a.kind, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
              a.actor_name, i.inv_no, a.prob_no, a.details
            from activity a join invoices i on i.id = a.invoice_id
            where i.customer_id = ${customer.id} and i.inv_no = ${invNo}
            order by a.at desc, a.id desc
            limit 500`,
      );
      if (rows.length === 0) {
        const exists = await queryRows<{ id: number }>(
          db,
          sql`select id from invoices where customer_id = ${customer.id} and inv_no = ${invNo} limit 1`,
        );
        if (exists.length === 0) throw notFound(`Invoice ${invNo}`);
      }
      return { invNo, entries: rows.map(toEntry) };
    },
  };
}

function toEntry(row: ActivityRecord): TActivityEntry {
  return {
    id: row.id,
    kind: row.kind,
    at: row.at,
    by: row.actor_name,
    invNo: row.inv_no,
    probNo: row.prob_no,
    details: row.details,
  };
}
