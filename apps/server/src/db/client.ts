import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverRoot } from '../lib/package-root';
import { lockDataDir } from './data-dir-lock';
import { sharedBuffersMegabytes } from './pglite-buffers';
import { isPlainRead } from './plain-read';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw SQL query; both drivers answer { rows }. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; the same files on both engines. */
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL: the pool's connections now (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Told the duration of every query run outside a transaction, in seconds (metrics). */
  observeQueries: (observer: (seconds: number) => void) => void;
  /**
   * PGlite only: a number that changes whenever anything may have been written (see
   * countWrites). An embedded database has one process, this one, so what was read at one
   * value still holds while the value stays; PostgreSQL has none (other processes write).
   */
  writeGeneration?: () => number;
};

/**
 * Counts what may write on an embedded database: every statement but a plain read, and every
 * transaction at its start and at its end (commit or rollback), so that a read answered while a
 * transaction was open is never taken for a value that still holds.
 */
function countWrites(target: {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}): () => number {
  let generation = 0;
  const bump = () => {
    generation += 1;
  };
  const wrap = (name: 'query' | 'exec' | 'transaction', writes: (args: never[]) => boolean) => {
    const original = target[name];
    target[name] = function (this: unknown, ...args: never[]) {
      const writing = writes(args);
      if (writing) bump();
      const result = original.apply(this, args);
      if (writing) result.then(bump, bump);
      return result;
    } as never;
  };
  wrap('query', ([text]) => !isPlainRead(String(text)));
  wrap('exec', () => true);
  wrap('transaction', () => true);
  return () => generation;
}

/** Wraps a driver's query method so that each call's duration is told to the observers. */
function timeQueries(
  target: { query: (...args: never[]) => unknown },
  observers: Array<(seconds: number) => void>,
) {
  const original = target.query;
  target.query = function (this: unknown, ...args: never[]) {
    const started = performance.now();
    const result = original.apply(this, args);
    if (observers.length === 0 || !(result instanceof Promise)) return result;
    const told = () => {
      for (const observer of observers) observer((performance.now() - started) / 1000);
    };
    result.then(told, told);
    return result;
  } as typeof target.query;
}

const MIGRATIONS_FOLDER = path.join(serverRoot, 'src/db/migrations');

/**
 * True when the database has recorded the newest committed migration. Drizzle's migrator applies
 * the journal's migrations newer than its last record, but finds that out by reading and hashing
 * every migration file and running four statements (two of them DDL) at each start; this asks
 * the same question with the journal and one query, so a restart leaves the migrator unloaded.
 */
async function migrationsUpToDate(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const [row] = await queryRows<{ recorded: string | null }>(
      db,
      sql`select max(created_at)::text as recorded from drizzle.__drizzle_migrations`,
    );
    return row?.recorded != null && Number(row.recorded) >= newest;
  } catch {
    // No record table yet: a new database, which the migrator creates.
    return false;
  }
}

/**
 * PostgreSQL when a URL is given, otherwise the embedded PGlite: kept in `dataDir`,
 * or in memory when `dataDir` is 'memory://' (tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Told when the server ends an idle pooled connection; the pool replaces it by itself. */
  onIdleError?: (error: Error) => void;
  /** PGlite only: start from this data directory tarball (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * PGlite only: much data is about to be written (a seed, a ledger import), so the buffers are not
   * sized to what the folder holds now (pglite-buffers.ts).
   */
  filling?: boolean;
}): Promise<DatabaseHandle> {
  // Only the chosen engine's driver is loaded: a start on PGlite never loads pg, nor the reverse.
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    // A database that does not answer fails a request in seconds (a 503), rather than hanging it.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection the server ends (restart, failover, an operator) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const observers: Array<(seconds: number) => void> = [];
    timeQueries(pool as never, observers);
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      observeQueries: (observer) => observers.push(observer),
      migrate: async () => {
        if (await migrationsUpToDate(db)) return;
        const { migrate } = await import('drizzle-orm/node-postgres/migrator');
        await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const location = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'pglite');
  const [{ PGlite }, { pg_trgm }, { btree_gin }, { drizzle: drizzlePglite }, { answerQueriesDirectly }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/btree_gin'),
      import('drizzle-orm/pglite'),
      import('./pglite-direct-queries'),
    ]);
  if (location) mkdirSync(location, { recursive: true });
  // One process at a time on a folder: a seed or a command beside a running portal is refused.
  const release = location ? await lockDataDir(options.dataDir) : () => {};
  let buffersMb: number;
  try {
    // Sized once the folder is this process's: another one may have been writing it until now.
    buffersMb = await sharedBuffersMegabytes(location, {
      filling: options.loadDataDir !== undefined || options.filling === true,
    });
  } catch (error) {
    release();
    throw error;
  }
  // pg_trgm and btree_gin back the grids' substring searches with GIN indexes holding the grid's
  // scope, as on PostgreSQL (migrations 0009 and 0026).
  const client = new PGlite({
    dataDir: location,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffersMb}MB`],
  });
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  // First, so that the wrappers below (timing, counting writes) see the direct queries too.
  answerQueriesDirectly(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const observers: Array<(seconds: number) => void> = [];
  timeQueries(client as never, observers);
  const writeGeneration = countWrites(client as never);
  return {
    db,
    kind: 'pglite',
    writeGeneration,
    observeQueries: (observer) => observers.push(observer),
    migrate: async () => {
      if (await migrationsUpToDate(db)) return;
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
