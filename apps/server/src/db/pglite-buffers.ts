import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** PostgreSQL's default, which PGlite's own configuration keeps: a folder that outgrows it keeps it. */
export const DEFAULT_SHARED_BUFFERS_MB = 128;
/** The least given, whatever the data: the catalogues and a grid's working pages fit with room. */
export const LEAST_SHARED_BUFFERS_MB = 16;

/**
 * PGlite's shared buffers, sized to the data it opens: as large as the folder's tables and indexes
 * (rounded up to 8 MB), at least LEAST and at most PostgreSQL's default. PGlite sets up its whole
 * buffer pool at every start, and the pool's size showed in every restart: on the demo's folder,
 * opening took a median 1,291 ms with 128 MB against 988 ms with 40 MB (five alternated restarts
 * each on a loaded 2-core machine).
 * Buffers larger than the data hold nothing more, so a small database loses nothing by it; a
 * large one keeps the default, and with it every page PostgreSQL would keep, and so does a new
 * one, whose size is not known yet. A database in memory (the tests) takes the least: its pages
 * are in memory whether buffered or not.
 */
export async function sharedBuffersMegabytes(
  location: string | undefined,
  options: { loading?: boolean } = {},
): Promise<number> {
  if (location === undefined) return LEAST_SHARED_BUFFERS_MB;
  // A folder about to be filled from a tarball: its size now is not the data's.
  if (options.loading) return DEFAULT_SHARED_BUFFERS_MB;
  const bytes = await folderBytes(path.join(location, 'base'));
  // A new database's size is not known yet (a seed or a load may follow): the default.
  if (bytes === undefined) return DEFAULT_SHARED_BUFFERS_MB;
  const megabytes = Math.ceil(bytes / (8 * 1024 * 1024)) * 8;
  return Math.min(DEFAULT_SHARED_BUFFERS_MB, Math.max(LEAST_SHARED_BUFFERS_MB, megabytes));
}

/** The size of the files under `folder`, or undefined when there is none yet (a new database). */
async function folderBytes(folder: string): Promise<number | undefined> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => stat(path.join(entry.parentPath, entry.name)).then((file) => file.size)),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
