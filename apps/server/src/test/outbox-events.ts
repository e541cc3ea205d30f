import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/** The events outbox as the provider will read it: a type's events of one tenant, oldest first. */
export async function outboxEvents(db: Db, tenantId: number, type: string) {
  const rows = await queryRows<{ type: string; data: Record<string, unknown> }>(
    db,
    sql`select type, payload as data from integration_events
        where tenant_id = ${tenantId} and type = ${type} order by xid, id`,
  );
  return rows;
}
