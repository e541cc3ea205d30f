import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the tarball of a migrated data directory (absent without this setup). */
    migratedPgliteDataDir?: string;
    /** PostgreSQL: the name of a migrated database to create test databases from (absent without this setup). */
    migratedTemplateDatabase?: string;
  }
}

/**
 * Vitest globalSetup of the server project: applies the migrations once per run, so that each
 * test database is a copy of a migrated one instead of a fresh database migrated again.
 * - PGlite: a migrated data directory, dumped to a tarball each test database boots from.
 * - PostgreSQL (DATABASE_URL): a migrated template database each test database is created from.
 * Without this setup (another config), openTestDatabase() migrates each database itself.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? migrateTemplate(project, serverUrl) : migrateDataDir(project);
}

async function migrateDataDir(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  // The Drizzle PGlite driver keeps its client as $client.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed: each test file unpacks it, and gunzip would cost more than reading 40 MB.
  const tarball = await client.dumpDataDir('none');
  await database.close();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'settle-test-db-'));
  const file = path.join(directory, 'migrated-pgdata.tar');
  await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  project.provide('migratedPgliteDataDir', file);
  return () => rm(directory, { recursive: true, force: true });
}

async function migrateTemplate(project: TestProject, serverUrl: string) {
  const template = `settle_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${template}`);
  const database = await openDatabase({
    databaseUrl: databaseUrlFor(serverUrl, template),
    dataDir: 'memory://',
  });
  await database.migrate();
  await database.close();
  // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template: nobody may.
  await adminQuery(serverUrl, `alter database ${template} allow_connections false`);
  project.provide('migratedTemplateDatabase', template);
  return () => adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
}

/** The same server URL, naming another database. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own (CREATE and DROP DATABASE run outside the test's pool). */
export async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}
