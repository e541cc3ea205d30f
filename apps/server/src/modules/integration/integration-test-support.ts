import { setTimeout as delay } from 'node:timers/promises';
import type { TApiKeyScope } from '@settle/shared/integration';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';

/** A key made as the operator command makes it, and a client that sends it (no cookies, no CSRF). */
export async function integrationClient(
  context: TestContext,
  tenantId: number,
  scopes: TApiKeyScope[] = ['ledger:write', 'events:read', 'webhooks:manage'],
) {
  const { id, key } = await context.app.services.apiKeys.create({ tenantId, name: 'erp', scopes });
  const call = (options: InjectOptions) =>
    context.app.inject({
      ...options,
      url: `${context.api}/integration/v1${options.url}`,
      headers: { authorization: `Bearer ${key}`, ...(options.headers as Record<string, string>) },
    });
  return {
    keyId: id,
    key,
    call,
    post: (url: string, payload: unknown, contentType = 'application/json', query = '') =>
      call({
        method: 'POST',
        url: `${url}${query}`,
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': contentType },
      }),
    get: (url: string) => call({ method: 'GET', url }),
  };
}

/**
 * Waits until the pull API lists every event committed so far. An event is listed once every
 * older transaction on the database server has ended, other databases' too (another test file on
 * the same PostgreSQL): right after its commit it can be held back for a moment. Immediate on PGlite.
 */
export async function eventsListed(db: Db): Promise<void> {
  const [now] = await queryRows<{ next: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [state] = await queryRows<{ listed: boolean }>(
      db,
      sql`select pg_snapshot_xmin(pg_current_snapshot()) >= ${now!.next}::xid8 as listed`,
    );
    if (state!.listed) return;
    if (Date.now() > deadline) throw new Error('Events still held back after 10 s by an open transaction');
    await delay(5);
  }
}
