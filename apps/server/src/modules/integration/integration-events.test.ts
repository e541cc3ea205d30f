import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { encodeEventCursor, parseEventCursor } from '@settle/shared/integration';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, queryRows } from '../../db/client';
import { buildCustomer, buildTenant } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { createIntegrationEventsService, type EventSource } from './integration-events.service';
import { eventsListed } from './integration-test-support';

// The outbox's pull order: events are listed by (writing transaction's id, event id), each once
// every older transaction has ended, so writers of one tenant take no lock and a reader's cursor
// never has an event appear behind it (see listAfter).

let database: DatabaseHandle;
let db: Db;
let events: ReturnType<typeof createIntegrationEventsService>;
let customer: { id: number; tenantId: number };

const source = (marker: string, target = customer): EventSource => ({
  tenantId: target.tenantId,
  customerId: target.id,
  invoiceId: null,
  kind: 'PROMISE_SET',
  details: { marker },
});
const markersOf = (page: { events: { data: Record<string, unknown> }[] }) =>
  page.events.map((event) => String(event.data.marker));
/** The events as stored, oldest id first: id, xid and marker. */
const stored = (tenantId: number) =>
  queryRows<{ id: string; xid: string; marker: string }>(
    db,
    sql`select id::text as id, xid::text as xid, payload->>'marker' as marker from integration_events
        where tenant_id = ${tenantId} order by id`,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  events = createIntegrationEventsService(db);
  const tenant = await buildTenant(db);
  customer = await buildCustomer(db, tenant.id);
});
afterAll(() => database.close());

describe('event cursors', () => {
  it('pages with an opaque cursor; a numeric one (an event id, as given before) continues after that event', async () => {
    const tenant = await buildTenant(db);
    const own = await buildCustomer(db, tenant.id);
    await db.transaction((tx) => events.emit(tx, 'Ann', [source('a', own), source('b', own)]));
    await db.transaction((tx) => events.emit(tx, 'Ann', [source('c', own)]));
    await db.transaction((tx) => events.emit(tx, 'Ann', [source('d', own)]));
    await eventsListed(db);

    const first = await events.listAfter(tenant.id, undefined, 3);
    expect(markersOf(first)).toEqual(['a', 'b', 'c']);
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const rows = await stored(tenant.id);
    expect(parseEventCursor(first.next!)).toEqual({ xid: rows[2]!.xid, id: rows[2]!.id });
    expect(markersOf(await events.listAfter(tenant.id, first.next!, 10))).toEqual(['d']);

    // An event id names a position: after b is c, d; after 0, everything.
    expect(markersOf(await events.listAfter(tenant.id, rows[1]!.id, 10))).toEqual(['c', 'd']);
    expect(markersOf(await events.listAfter(tenant.id, '0', 10))).toEqual(['a', 'b', 'c', 'd']);
    // Nothing after the last: the cursor handed back unchanged.
    const end = await events.listAfter(tenant.id, rows[3]!.id, 10);
    expect(end).toEqual({ events: [], next: rows[3]!.id });

    // Cursors that are not the API's: refused, not read as something else.
    for (const bad of ['abc', encodeEventCursor({ xid: '1', id: '1' }).slice(0, -1), 'x'.repeat(61)])
      await expect(events.listAfter(tenant.id, bad, 10)).rejects.toMatchObject({ statusCode: 400 });
    expect(
      parseEventCursor(encodeEventCursor({ xid: '18446744073709551615', id: '9223372036854775807' })),
    ).toEqual({ xid: '18446744073709551615', id: '9223372036854775807' });
    expect(parseEventCursor(encodeEventCursor({ xid: '18446744073709551616', id: '1' }))).toBeUndefined();
  });

  it('pages in number order, not as text (id 100 after 99)', async () => {
    const tenant = await buildTenant(db);
    const own = await buildCustomer(db, tenant.id);
    const written = Array.from({ length: 12 }, (_, n) => `n${n}`);
    // One transaction (one xid) whose ids cross a power of ten: 96 to 107, or 996 to 1,007...
    await db.execute(sql`
      select setval('integration_events_id_seq', power(10, ceil(log(coalesce(max(id), 0) + 10)))::bigint - 5)
      from integration_events`);
    await db.transaction((tx) =>
      events.emit(
        tx,
        'Ann',
        written.map((marker) => source(marker, own)),
      ),
    );
    await eventsListed(db);
    const read: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const answer = await events.listAfter(tenant.id, cursor, 5);
      read.push(...markersOf(answer));
      cursor = answer.next ?? undefined;
    }
    expect(read).toEqual(written);
  });

  it('keeps the events written before the migration outbox_transaction_order in id order, before every new one', async () => {
    const tenant = await buildTenant(db);
    const own = await buildCustomer(db, tenant.id);
    // The table as it was before that migration, with events in it; then the migration as the
    // migrator runs it.
    await db.execute(sql`drop index integration_events_tenant_xid`);
    await db.execute(sql`alter table integration_events drop column xid`);
    await db.execute(sql`create index integration_events_tenant on integration_events (tenant_id, id)`);
    for (const marker of ['old-1', 'old-2', 'old-3'])
      await db.transaction((tx) => events.emit(tx, 'Ann', [source(marker, own)]));
    // Found by its name, whatever number it ends up with.
    const folder = path.join(import.meta.dirname, '../../db/migrations');
    const file = readdirSync(folder).find((name) => name.endsWith('_outbox_transaction_order.sql'))!;
    const migration = readFileSync(path.join(folder, file), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    await db.transaction((tx) => events.emit(tx, 'Ann', [source('new-1', own), source('new-2', own)]));

    const rows = await stored(tenant.id);
    expect(rows.map((row) => [row.marker, row.xid === '0'])).toEqual([
      ['old-1', true],
      ['old-2', true],
      ['old-3', true],
      ['new-1', false],
      ['new-2', false],
    ]);
    const all = ['old-1', 'old-2', 'old-3', 'new-1', 'new-2'];
    await eventsListed(db);
    expect(markersOf(await events.listAfter(tenant.id, undefined, 10))).toEqual(all);
    // A cursor given before the migration (the id of old-2) continues after it.
    expect(markersOf(await events.listAfter(tenant.id, rows[1]!.id, 10))).toEqual(all.slice(2));
    // And the opaque cursor of a page that ended on an old event.
    const page = await events.listAfter(tenant.id, undefined, 3);
    expect(markersOf(await events.listAfter(tenant.id, page.next!, 10))).toEqual(['new-1', 'new-2']);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('event writers of one tenant at once (PostgreSQL)', () => {
  it('lets the second commit while the first is open; its event waits for the first to end', async () => {
    await eventsListed(db);
    const before = (await events.listAfter(customer.tenantId, undefined, 1000)).next ?? undefined;
    let firstEmitted!: () => void;
    const emitted = new Promise<void>((resolve) => {
      firstEmitted = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.transaction(async (tx) => {
      await events.emit(tx, 'First', [source('first')]);
      firstEmitted();
      await released;
    });
    try {
      await emitted;
      const second = db.transaction((tx) => events.emit(tx, 'Second', [source('second')]));
      // With the per-tenant lock, the second waited for the first's commit, which waits on this test.
      const outcome = await Promise.race([
        second.then(() => 'committed'),
        delay(5_000).then(() => 'still waiting'),
      ]);
      expect(outcome).toBe('committed');
      expect((await stored(customer.tenantId)).map((row) => row.marker)).toContain('second');
      // Committed, but held back: the first, older, transaction could still add an event before it.
      const during = await events.listAfter(customer.tenantId, before, 1000);
      expect(during).toEqual({ events: [], next: before ?? null });
    } finally {
      release();
    }
    await first;
    await eventsListed(db);
    expect(markersOf(await events.listAfter(customer.tenantId, before, 1000))).toEqual(['first', 'second']);
  });

  it('lets a reader paging by cursor meanwhile collect every committed event exactly once', async () => {
    const tenant = await buildTenant(db);
    const own = await buildCustomer(db, tenant.id);
    const random = (n: number) => Math.floor(Math.random() * n);
    const committed: string[] = [];
    const collected: string[] = [];
    class RolledBack extends Error {}

    async function writer(w: number) {
      for (let round = 0; round < 12; round++) {
        const markers = Array.from({ length: 1 + random(3) }, (_, k) => `w${w}-r${round}-e${k}`);
        try {
          await db.transaction(async (tx) => {
            // Half take their transaction id first, as a write before the event would: an id older
            // than that of writers which insert their events earlier.
            if (Math.random() < 0.5) await tx.execute(sql`select pg_current_xact_id()`);
            await delay(random(15));
            await events.emit(
              tx,
              'Writer',
              markers.map((marker) => source(marker, own)),
            );
            await delay(random(25));
            if (Math.random() < 0.15) throw new RolledBack();
          });
          committed.push(...markers);
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
      }
    }

    let writing = true;
    let cursor: string | undefined;
    async function read() {
      const page = await events.listAfter(tenant.id, cursor, 1 + random(4));
      collected.push(...markersOf(page));
      cursor = page.next ?? undefined;
      return page.events.length;
    }
    async function reader() {
      while (writing) {
        await read();
        await delay(random(3));
      }
    }

    const reading = reader();
    await Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
    writing = false;
    await reading;
    // Every writer has ended; once their events are all listed, the reader's cursor pages through
    // the rest. An event skipped behind the cursor stays missing.
    await eventsListed(db);
    while ((await read()) > 0);
    expect(committed.length).toBeGreaterThan(50);
    expect(collected).toHaveLength(new Set(collected).size);
    expect([...collected].sort()).toEqual([...committed].sort());
  }, 60_000);
});
