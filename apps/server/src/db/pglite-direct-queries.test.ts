import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { type DatabaseHandle, queryRows } from './client';
import type { NamedStatementOption } from './pglite-direct-queries';

// The embedded database's queries answered directly (pglite-direct-queries.ts): named statements
// (kept-plan-query.ts asks for them; PGlite's own query prepares every statement unnamed, so each
// call was planned again), and plain reads in one trip. What PGlite's own query answers is read
// inside a transaction, where its own query runs.

let database: DatabaseHandle;
let client: PGlite;

const named = <T>(name: string, text: string, params: unknown[] = [], options: QueryOptions = {}) =>
  (
    client.query as <R>(
      text: string,
      params: unknown[],
      options: QueryOptions & NamedStatementOption,
    ) => Promise<{ rows: R[] }>
  )<T>(text, params, { ...options, statementName: name });

/** PGlite's own answer: a transaction's query is PGlite's, untouched. */
const ownAnswer = (text: string, params: unknown[] = [], options: QueryOptions = {}) =>
  client.transaction((tx) => tx.query(text, params, options));

const preparedNamed = async (name: string) =>
  (
    await client.query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1',
      [name],
    )
  ).rows[0];

describe.skipIf(process.env.DATABASE_URL)('direct queries on PGlite', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec(`
      create table named_probe (id int primary key, label text, due date, paid boolean, amount numeric(12,2));
      insert into named_probe
        select g, 'row ' || g, date '2026-01-01' + g, g % 2 = 0, g * 1.5 from generate_series(1, 200) g;
      update named_probe set label = 'Société Générale 日本 ' || id where id = 14;
      update named_probe set amount = null where id = 16;
      analyze named_probe;`);
  });
  afterAll(() => database?.close());

  const text =
    'select id, label, due, paid, amount from named_probe where id between $1 and $2 and paid = $3 and label <> all($4) order by id';
  const params = [10, 16, true, ['row 12']];

  it('answers by name the rows and types PGlite answers, and keeps one plan after five calls', async () => {
    const unnamed = await ownAnswer(text, params);
    for (let call = 0; call < 8; call++) {
      const rows = (await named('probe_range', text, params)).rows;
      expect(rows).toEqual(unnamed.rows);
    }
    expect(unnamed.rows).toMatchObject([
      { id: 10, label: 'row 10', paid: true, amount: '15.00' },
      { id: 14, label: 'Société Générale 日本 14', amount: '21.00' },
      { id: 16, amount: null },
    ]);
    // A date parsed as PGlite parses it unnamed, and the driver's parser options still apply.
    const [first] = (await named<{ due: unknown }>('probe_range', text, params)).rows;
    expect(first!.due).toBeInstanceOf(Date);
    const raw = (v: string) => v;
    const [asText] = (await named<{ due: unknown }>('probe_range', text, params, { parsers: { 1082: raw } }))
      .rows;
    expect(asText!.due).toBe('2026-01-11');
    const statement = await preparedNamed('probe_range');
    expect(statement?.generic_plans).toBeGreaterThanOrEqual(3);
  });

  it('answers a plain read the rows, types, row count and array rows PGlite answers, in one trip once its text is known', async () => {
    const reads = [
      [text, params],
      ['select id, due, amount from named_probe where id = any($1) order by id', [[16, 3]]],
      ['select count(*)::int as n, max(due) as last from named_probe', []],
      ['with top as (select * from named_probe order by id desc limit 3) select label from top', []],
    ] as const;
    for (const [readText, readParams] of reads) {
      for (const options of [{}, { rowMode: 'array' as const }]) {
        const own = await ownAnswer(readText, [...readParams], options);
        const direct = await client.query(readText, [...readParams], options);
        expect(direct.rows).toEqual(own.rows);
        expect(direct.fields).toEqual(own.fields);
        expect(direct.rowCount).toBe(own.rowCount);
        expect(direct.rows.length).toBeGreaterThan(0);
      }
    }
    const pgliteCalls = { stream: 0, raw: 0 };
    const instance = client as unknown as Record<string, (...args: unknown[]) => unknown>;
    const [stream, raw] = [instance.execProtocolStream!, instance.execProtocolRawStream!];
    instance.execProtocolStream = (...args) => {
      pgliteCalls.stream += 1;
      return stream.apply(client, args);
    };
    instance.execProtocolRawStream = (...args) => {
      pgliteCalls.raw += 1;
      return raw.apply(client, args);
    };
    try {
      const read = 'select label from named_probe where id = $1 and label like $2';
      expect((await client.query(read, [20, 'row%'])).rows).toEqual([{ label: 'row 20' }]);
      expect(pgliteCalls).toEqual({ stream: 1, raw: 1 });
      expect((await client.query(read, [21, 'row%'])).rows).toEqual([{ label: 'row 21' }]);
      expect(pgliteCalls).toEqual({ stream: 1, raw: 2 });
    } finally {
      instance.execProtocolStream = stream;
      instance.execProtocolRawStream = raw;
    }
  });

  it('leaves writes to PGlite: their counts and returned rows', async () => {
    const inserted = await client.query('insert into named_probe (id, label) values ($1, $2) returning id', [
      501,
      'five hundred one',
    ]);
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.rows).toEqual([{ id: 501 }]);
    const deleted = await client.query('delete from named_probe where id = $1', [501]);
    expect(deleted.affectedRows).toBe(1);
  });

  it("leaves a read with a notice listener to PGlite, which tells it the read's notices", async () => {
    await client.exec(`create function notice_probe(x int) returns int language plpgsql as $$
      begin raise notice 'probed %', x; return x; end $$;`);
    const notices: string[] = [];
    const read = await client.query<{ x: number }>('select notice_probe($1) as x', [7], {
      onNotice: (notice) => notices.push(notice.message ?? ''),
    });
    expect(read.rows).toEqual([{ x: 7 }]);
    expect(notices).toEqual(['probed 7']);
  });

  it('throws a plain read error with its code and statement, and the next statements run', async () => {
    const dividing = 'select 10 / $1::int as q';
    expect((await client.query(dividing, [2])).rows).toEqual([{ q: 5 }]);
    await expect(client.query(dividing, [0])).rejects.toMatchObject({ code: '22012', query: dividing });
    expect((await client.query(dividing, [5])).rows).toEqual([{ q: 2 }]);
    await expect(client.query('select nope from named_probe')).rejects.toMatchObject({ code: '42703' });
    expect((await client.query('select 3 as three')).rows).toEqual([{ three: 3 }]);
  });

  it('throws an error that comes after some rows, as PGlite does', async () => {
    const failing = 'select 10 / (3 - g) as q from generate_series(1, 5) g where g > $1';
    await expect(ownAnswer(failing, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(client.query(failing, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query(failing, [3])).rows).toEqual([{ q: -10 }, { q: -5 }]);
  });

  it("runs a known text again with its parameters' new types when a table changed under it", async () => {
    await client.exec('create table typed_probe (x int); insert into typed_probe values (1), (2);');
    const matching = 'select count(*)::int as n from typed_probe where x = $1';
    expect((await client.query(matching, [1])).rows).toEqual([{ n: 1 }]);
    expect((await client.query(matching, [2])).rows).toEqual([{ n: 1 }]);
    await client.exec(`alter table typed_probe alter column x type jsonb using to_jsonb(x);
      insert into typed_probe values ('{"a": 1}'), ('{"a": 1}');`);
    expect((await client.query(matching, [{ a: 1 }])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(matching, [{ a: 1 }])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(matching, [2])).rows).toEqual([{ n: 1 }]);
  });

  it('runs a null parameter and a name used for the first time by many callers at once', async () => {
    const nullable = 'select count(*)::int as n from named_probe where ($1::text is null or label = $1)';
    const calls = Array.from({ length: 20 }, (_, n) =>
      named<{ n: number }>('probe_concurrent', nullable, [n % 2 ? null : `row ${n + 1}`]),
    );
    const counts = (await Promise.all(calls)).map((result) => result.rows[0]!.n);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, n) => (n % 2 ? 200 : 1)));
  });

  it('waits for an open transaction instead of reading inside it', async () => {
    const countText = 'select count(*)::int as n from named_probe where id > $1';
    let release!: () => void;
    const inserted = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client
      .transaction(async (tx) => {
        await tx.query('insert into named_probe (id, label) values (1001, $1)', ['uncommitted']);
        release();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.rollback();
      })
      .catch(() => {});
    await inserted;
    const during = await named<{ n: number }>('probe_count', countText, [1000]);
    await transaction;
    expect(during.rows[0]!.n).toBe(0);
  });

  it('throws a statement error with its code, and the next statements run', async () => {
    const dividing = 'select 10 / $1::int as q';
    expect((await named<{ q: number }>('probe_divide', dividing, [2])).rows).toEqual([{ q: 5 }]);
    await expect(named('probe_divide', dividing, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await named<{ q: number }>('probe_divide', dividing, [5])).rows).toEqual([{ q: 2 }]);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('throws errors of parse and of bind with their codes and the statement, and the next statements run', async () => {
    await expect(
      named('probe_syntax', 'selec label from named_probe where id = $1', [1]),
    ).rejects.toMatchObject({
      code: '42601',
      query: 'selec label from named_probe where id = $1',
    });
    const byId = 'select label from named_probe where id = $1';
    await expect(named('probe_bind', byId, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await named('probe_bind', byId, [5])).rows).toEqual([{ label: 'row 5' }]);
    expect((await named('probe_syntax', byId.replace('label', 'id'), [6])).rows).toEqual([{ id: 6 }]);
    expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  it('waits for a caller holding PGlite to itself', async () => {
    const order: string[] = [];
    const holding = client.runExclusive(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('held');
    });
    const reading = named('probe_wait', 'select 1 as one', []).then(() => order.push('read'));
    await Promise.all([holding, reading]);
    expect(order).toEqual(['held', 'read']);
  });

  it('prepares a name again when it was dropped behind its back', async () => {
    const one = 'select label from named_probe where id = $1';
    expect((await named('probe_dropped', one, [3])).rows).toEqual([{ label: 'row 3' }]);
    await client.exec('deallocate probe_dropped');
    expect((await named('probe_dropped', one, [4])).rows).toEqual([{ label: 'row 4' }]);
    expect(await preparedNamed('probe_dropped')).toBeDefined();
  });

  it('counts as a write only a statement that writes, and is timed like any query', async () => {
    const seconds: number[] = [];
    database.observeQueries((elapsed) => seconds.push(elapsed));
    const before = database.writeGeneration!();
    await named('probe_read', 'select label from named_probe where id = $1', [7]);
    expect(database.writeGeneration!()).toBe(before);
    expect(seconds).toHaveLength(1);
    // Named or not, a statement that writes is counted as one.
    const written = await named(
      'probe_write',
      'update named_probe set label = $1 where id = 7 returning id',
      ['seven'],
    );
    expect((written as { affectedRows?: number }).affectedRows).toBe(1);
    expect(database.writeGeneration!()).not.toBe(before);
    const [row] = await queryRows<{ label: string }>(
      database.db,
      sql`select label from named_probe where id = 7`,
    );
    expect(row!.label).toBe('seven');
  });
});

describe.skipIf(process.env.DATABASE_URL)('named statements on a closed PGlite', () => {
  it('are refused as PGlite refuses its own queries', async () => {
    const closing = await openTestDatabase();
    const closed = (closing.db as unknown as { $client: PGlite }).$client;
    await closing.close();
    const ask = (statementName?: string) =>
      (closed.query as (t: string, p: unknown[], o: NamedStatementOption) => Promise<unknown>)(
        'select 1',
        [],
        {
          statementName,
        },
      );
    // PGlite's own refusal: exec is never answered directly.
    const ownError = await closed.exec('select 1').catch((error: Error) => error.message);
    expect(ownError).toMatch(/closed/i);
    await expect(ask()).rejects.toThrow(ownError as string);
    await expect(ask('probe_closed')).rejects.toThrow(ownError as string);
  });
});
