import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/**
 * Large loads build indexes and check foreign keys once at the end instead of row by row: a
 * CREATE INDEX over a million rows costs a fraction of a million incremental inserts into a dozen
 * b-tree and trigram indexes, and re-adding a foreign key checks every row in one join instead of
 * one lookup per row. Dropping either takes an ACCESS EXCLUSIVE lock on the table until the
 * transaction ends, so callers use this only where the table is empty or the load is large beside it.
 */

/** Builds again what was dropped, on the given handle (a transaction, to set its memory) or the one that dropped it. */
export type Restore = (on?: Db) => Promise<void>;

/**
 * Drops the secondary indexes of the tables (not those behind a primary key or a unique
 * constraint: upserts need them) and answers a function that builds them again, as they were.
 */
export async function withoutSecondaryIndexes(db: Db, tables: readonly string[]): Promise<Restore> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${tableList(tables)})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  return async (on = db) => {
    for (const index of indexes) await on.execute(sql.raw(index.definition) as SQL);
  };
}

/** Drops the foreign keys the tables hold and answers a function that adds (and so checks) them again. */
export async function withoutForeignKeys(db: Db, tables: readonly string[]): Promise<Restore> {
  const keys = await queryRows<{ table: string; name: string; definition: string }>(
    db,
    sql`select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
          and c.conrelid::regclass::text in (${tableList(tables)})
        order by c.conname`,
  );
  for (const key of keys) await db.execute(sql.raw(`alter table ${key.table} drop constraint "${key.name}"`));
  return async (on = db) => {
    for (const key of keys)
      await on.execute(sql.raw(`alter table ${key.table} add constraint "${key.name}" ${key.definition}`));
  };
}

/** Both of the above; the answer restores the foreign keys once the indexes that speed up their check exist. */
export async function withoutIndexesAndForeignKeys(db: Db, tables: readonly string[]): Promise<Restore> {
  const restoreKeys = await withoutForeignKeys(db, tables);
  const restoreIndexes = await withoutSecondaryIndexes(db, tables);
  return async (on = db) => {
    await restoreIndexes(on);
    await restoreKeys(on);
  };
}

function tableList(tables: readonly string[]) {
  return sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
}
