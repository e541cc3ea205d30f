import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { DEFAULT_SHARED_BUFFERS_MB, LEAST_SHARED_BUFFERS_MB, sharedBuffersMegabytes } from './pglite-buffers';

const MB = 1024 * 1024;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A PGlite folder whose tables and indexes (under base/) weigh these sizes, in files of its own. */
function folderWith(...megabytes: number[]): string {
  const location = mkdtempSync(path.join(tmpdir(), 'settle-buffers-'));
  folders.push(location);
  megabytes.forEach((size, index) => {
    const database = path.join(location, 'base', String(index + 1));
    mkdirSync(database, { recursive: true });
    const file = path.join(database, '16384');
    writeFileSync(file, '');
    // Sparse: the size a listing gives, without writing it.
    truncateSync(file, size * MB);
  });
  return location;
}

describe('PGlite shared buffers sized to the data', () => {
  it('the size of the tables and indexes, rounded up to 8 MB, counted in every database folder', async () => {
    expect(await sharedBuffersMegabytes(folderWith(30, 3))).toBe(40);
  });

  it('never less than the least, nor more than PostgreSQL’s default', async () => {
    expect(await sharedBuffersMegabytes(folderWith(1))).toBe(LEAST_SHARED_BUFFERS_MB);
    expect(await sharedBuffersMegabytes(folderWith(300))).toBe(DEFAULT_SHARED_BUFFERS_MB);
  });

  it('the default for a new folder, whose size is not known yet, and for a folder about to be filled', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'settle-buffers-'));
    folders.push(empty);
    expect(await sharedBuffersMegabytes(empty)).toBe(DEFAULT_SHARED_BUFFERS_MB);
    expect(await sharedBuffersMegabytes(folderWith(1), { filling: true })).toBe(DEFAULT_SHARED_BUFFERS_MB);
  });

  it('the least for a database in memory', async () => {
    expect(await sharedBuffersMegabytes(undefined)).toBe(LEAST_SHARED_BUFFERS_MB);
  });

  // PGlite itself is started with them: a new folder with the default, the same folder opened
  // again with buffers the size of its data (an empty database's catalogues: about 22 MB), or
  // with the default when it is about to be filled; a database in memory with the least.
  it.skipIf(process.env.DATABASE_URL)(
    'PGlite runs with them',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-buffers-'));
      folders.push(dataDir);
      const buffersOf = async (options: { filling?: boolean; dataDir?: string } = {}) => {
        const database = await openDatabase({ dataDir, ...options });
        try {
          const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
          return row?.shared_buffers;
        } finally {
          await database.close();
        }
      };
      expect(await buffersOf()).toBe(`${DEFAULT_SHARED_BUFFERS_MB}MB`);
      const sized = await sharedBuffersMegabytes(path.join(dataDir, 'pglite'));
      expect(sized).toBeLessThan(DEFAULT_SHARED_BUFFERS_MB);
      expect(await buffersOf()).toBe(`${sized}MB`);
      expect(await buffersOf({ filling: true })).toBe(`${DEFAULT_SHARED_BUFFERS_MB}MB`);
      expect(await buffersOf({ dataDir: 'memory://' })).toBe(`${LEAST_SHARED_BUFFERS_MB}MB`);
    },
    60_000,
  );
});
