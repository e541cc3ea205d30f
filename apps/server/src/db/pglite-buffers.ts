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
 * each on a loaded 2-core machine). A pool larger than the data holds no more of it; what a
 * smaller pool also shrinks (the WAL buffers, a thirty-second of it, and the size from which a
 * sequential scan reads through a small ring) matters little at that size. A large folder keeps
 * the default, and so does one about to be filled (a new one, a tarball loaded, a seed or an
 * import: `filling`), whose size now says nothing of what it will hold; a folder that grew is
 * sized again at the next start. A database in memory (the tests) takes the least: its pages are
 * in memory whether buffered or not.
 */
export async function sharedBuffersMegabytes(
  location: string | undefined,
  options: { filling?: boolean } = {},
): Promise<number> {
  if (location === undefined) return LEAST_SHARED_BUFFERS_MB;
  if (options.filling) return DEFAULT_SHARED_BUFFERS_MB;
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
      .map((entry) =>
        stat(path.join(entry.parentPath, entry.name)).then(
          (file) => file.size,
          // PostgreSQL removes a dropped table's files and its temporary ones as it goes.
          (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? 0 : Promise.reject(error)),
        ),
      ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
