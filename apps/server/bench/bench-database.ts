import { openDatabase } from '../src/db/client';

/** A fresh database for a bench run: PGlite in dataDir, or a new database on the PostgreSQL server of databaseUrl. */
export async function openBenchDatabase(databaseUrl: string | undefined, dataDir: string) {
  if (!databaseUrl)
    return { database: await openDatabase({ dataDir }), url: undefined, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `settle_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
