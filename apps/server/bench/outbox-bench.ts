import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { createActivityService } from '../src/modules/activity/activity.service';
import { createIntegrationEventsService } from '../src/modules/integration/integration-events.service';
import { buildCustomer, buildInvoice, buildTenant } from '../src/test/factories';
import { openBenchDatabase } from './bench-database';
import { percentile } from './stats';

/**
 * `npx tsx apps/server/bench/outbox-bench.ts [--workers 20] [--seconds 20] [--think-ms 300] [--rounds 2]`:
 * promise writes of one tenant at once on a fresh PostgreSQL database (DATABASE_URL, else the
 * machine's), each the shape of a promise set: its invoice updated, the activity row and the event
 * written in one transaction on the server's pool of 10. Run alternately with the per-tenant
 * advisory lock the outbox took before (`lock`: taken before the event's insert, held to the
 * commit) and without (`xid`: the pull API orders by transaction id), so both see the same machine.
 * Prints writes/s, the write's latency, the lock's wait and how long after its commit an event was
 * listed by a reader polling every 20 ms.
 */
const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    'think-ms': { type: 'string', default: '300' },
    rounds: { type: 'string', default: '2' },
  },
});
const workers = Number(values.workers);
const seconds = Number(values.seconds);
const thinkMs = Number(values['think-ms']);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Mode = 'lock' | 'xid';

async function run(db: Db, mode: Mode, invoices: { id: number; tenantId: number; customerId: number }[]) {
  const events = createIntegrationEventsService(db);
  const lockWaits: number[] = [];
  const emitter = {
    async emit(tx: Db, actorName: string, entries: Parameters<typeof events.emit>[2]) {
      if (mode === 'lock') {
        const started = performance.now();
        await tx.execute(sql`select pg_advisory_xact_lock(7017, ${entries[0]!.tenantId})`);
        lockWaits.push(performance.now() - started);
      }
      await events.emit(tx, actorName, entries);
    },
  };
  const activity = createActivityService(db, undefined as never, emitter);
  const tenantId = invoices[0]!.tenantId;
  const committedAt = new Map<string, number>();
  const listedAt = new Map<string, number>();
  const latencies: number[] = [];
  let cursor: string | undefined;
  // Start after what earlier rounds wrote.
  for (let page = await events.listAfter(tenantId, cursor, 1000); page.events.length > 0; ) {
    cursor = page.next ?? undefined;
    page = await events.listAfter(tenantId, cursor, 1000);
  }

  const endAt = performance.now() + seconds * 1000;
  let writing = true;
  const reader = (async () => {
    while (writing || listedAt.size < committedAt.size) {
      const page = await events.listAfter(tenantId, cursor, 1000);
      const now = performance.now();
      for (const event of page.events) listedAt.set(String(event.data.marker), now);
      cursor = page.next ?? undefined;
      if (performance.now() > endAt + 30_000) break;
      await delay(20);
    }
  })();

  let sequence = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const invoice = invoices[w % invoices.length]!;
      while (performance.now() < endAt) {
        const marker = `${mode}-${w}-${sequence++}`;
        const started = performance.now();
        await db.transaction(async (tx) => {
          await tx.execute(sql`update invoices set promise = not promise where id = ${invoice.id}`);
          await activity.recordAs(tx, { actorId: null, actorName: 'Bench' }, [
            {
              tenantId: invoice.tenantId,
              customerId: invoice.customerId,
              invoiceId: invoice.id,
              kind: 'PROMISE_SET',
              details: { marker },
            },
          ]);
        });
        const done = performance.now();
        committedAt.set(marker, done);
        latencies.push(done - started);
        if (thinkMs > 0) await delay(thinkMs * (0.5 + Math.random()));
      }
    }),
  );
  writing = false;
  await reader;
  // An event can be listed before its writer's commit call returns: counted as 0.
  const listedAfter = [...committedAt].flatMap(([marker, at]) => {
    const listed = listedAt.get(marker);
    return listed === undefined ? [] : [Math.max(0, listed - at)];
  });
  const ms = (list: number[], p: number) => percentile(list, p).toFixed(1);
  const mean = (list: number[]) =>
    (list.reduce((sum, x) => sum + x, 0) / Math.max(1, list.length)).toFixed(1);
  console.log(
    `| ${mode} | ${latencies.length} | ${(latencies.length / seconds).toFixed(1)} | ${ms(latencies, 50)} / ${ms(latencies, 95)} / ${ms(latencies, 99)} ms | ${
      mode === 'lock' ? `${mean(lockWaits)} ms (p99 ${ms(lockWaits, 99)})` : '-'
    } | ${ms(listedAfter, 50)} / ${ms(listedAfter, 99)} ms | ${listedAfter.length === latencies.length ? 'all' : `${listedAfter.length} of ${latencies.length}`} |`,
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-outbox-bench-'));
  const { database, drop } = await openBenchDatabase(databaseUrl, dataDir);
  try {
    await database.migrate();
    const { db } = database;
    const tenant = await buildTenant(db);
    const invoices = [];
    for (let n = 0; n < workers; n += 1) {
      const customer = await buildCustomer(db, tenant.id);
      const invoice = await buildInvoice(db, customer);
      invoices.push({ id: invoice.id, tenantId: tenant.id, customerId: customer.id });
    }
    console.log(
      `${workers} writers of one tenant (think ${thinkMs} ms), ${seconds} s per run, pool of 10, PostgreSQL`,
    );
    console.log(
      '| mode | writes | writes/s | write p50 / p95 / p99 | lock wait, mean | listed after commit p50 / p99 | listed |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (let round = 0; round < Number(values.rounds); round += 1) {
      await run(db, 'lock', invoices);
      await run(db, 'xid', invoices);
    }
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
