import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { adminQuery, databaseUrlFor } from './global-setup';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * throw-away database on the PostgreSQL server named by DATABASE_URL (CI runs both).
 * Each is a copy of the database the run's global setup migrated (global-setup.ts): nothing
 * one test file writes is seen by another.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openPostgresDatabase(serverUrl) : openPgliteDatabase();
}

let migratedDataDir: Promise<Blob> | undefined;

async function openPgliteDatabase(): Promise<DatabaseHandle> {
  const tarball = inject('migratedPgliteDataDir');
  if (tarball) {
    migratedDataDir ??= openAsBlob(tarball);
    return openDatabase({ dataDir: 'memory://', loadDataDir: await migratedDataDir });
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  return database;
}

/**
 * A new throw-away database on the PostgreSQL server, copied from the run's migrated template
 * (migrated here without one): its address, and how to drop it. Spawned server processes get the
 * address; openTestDatabase opens it in the test's own process.
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
): Promise<{ url: string; migrated: boolean; drop: () => Promise<void> }> {
  const template = inject('migratedTemplateDatabase');
  const name = `settle_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  return {
    url: databaseUrlFor(serverUrl, name),
    migrated: Boolean(template),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function openPostgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const created = await createPostgresTestDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' });
  if (!created.migrated) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}
