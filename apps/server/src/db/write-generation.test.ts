import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';

// What moves the embedded database's write generation: anything that may write, and nothing that
// only reads (the session statement must not move it, or a session would never stay known).
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table counted (id serial primary key, note text)`);
});
afterAll(() => database.close());

async function moves(action: () => Promise<unknown>): Promise<boolean> {
  const before = database.writeGeneration!();
  await action().catch(() => undefined);
  return database.writeGeneration!() !== before;
}

describe('the PGlite write generation', () => {
  it('stays on plain reads', async () => {
    const { db } = database;
    expect(await moves(() => db.execute(sql`select 1`))).toBe(false);
    expect(await moves(() => db.execute(sql`with x as (select 1 as n) select n from x`))).toBe(false);
    expect(await moves(() => db.execute(sql`select note from counted where id = ${1}`))).toBe(false);
  });

  it('moves on every statement that writes, however it is spelled', async () => {
    const { db } = database;
    expect(await moves(() => db.execute(sql`insert into counted (note) values ('a')`))).toBe(true);
    expect(await moves(() => db.execute(sql`update counted set note = 'b'`))).toBe(true);
    expect(
      await moves(() =>
        db.execute(
          sql`with added as (insert into counted (note) values ('c') returning id) select id from added`,
        ),
      ),
    ).toBe(true);
    expect(await moves(() => db.execute(sql`select nextval('counted_id_seq')`))).toBe(true);
    expect(await moves(() => db.execute(sql`select id from counted for update`))).toBe(true);
    expect(await moves(() => db.execute(sql`select * into copied from counted`))).toBe(true);
    expect(await moves(() => db.execute(sql`select pg_advisory_lock(1)`))).toBe(true);
    expect(await moves(() => db.execute(sql`select set_config('application_name', 'x', false)`))).toBe(true);
    expect(await moves(() => db.execute(sql`delete from counted where note = 'a'`))).toBe(true);
    // A statement that fails may still have begun a change: it moves too.
    expect(await moves(() => db.execute(sql`insert into missing_table values (1)`))).toBe(true);
  });

  it('moves at the start and at the end of every transaction, read-only or rolled back', async () => {
    const { db } = database;
    const seen: number[] = [];
    const before = database.writeGeneration!();
    await db.transaction(async (tx) => {
      seen.push(database.writeGeneration!());
      await tx.execute(sql`select 1`);
    });
    expect(seen[0]).not.toBe(before);
    expect(database.writeGeneration!()).not.toBe(seen[0]);
    expect(
      await moves(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into counted (note) values ('x')`);
          tx.rollback();
        }),
      ),
    ).toBe(true);
  });
});

describe('the functions the migrations define', () => {
  it('are trigger functions only, so that no select can write through one unseen', () => {
    const folder = path.join(import.meta.dirname, 'migrations');
    const functions = readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) => {
        const text = readFileSync(path.join(folder, name), 'utf8');
        return [
          ...text.matchAll(
            /create\s+(?:or\s+replace\s+)?function\s+([\w.]+)\s*\([^)]*\)\s*returns\s+(\w+)/gi,
          ),
        ].map((match) => ({ name: match[1], returns: match[2]!.toLowerCase(), file: name }));
      });
    expect(functions.length).toBeGreaterThan(0);
    expect(functions.filter((found) => found.returns !== 'trigger')).toEqual([]);
  });
});
