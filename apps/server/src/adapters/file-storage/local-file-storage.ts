import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StoredFile } from './file-storage';

const KEY = /^[0-9a-f]{32}$/;
const PARTIAL = '.part';

/** Files in a directory, two levels by key prefix so that no folder grows huge. */
export function createLocalFileStorage(root: string): FileStorage {
  function pathOf(key: string): string {
    if (!KEY.test(key)) throw new RangeError('Not a storage key');
    return path.join(root, key.slice(0, 2), key);
  }

  return {
    pathOf,

    async write(content: Readable, options: { maxBytes: number }): Promise<StoredFile> {
      const key = randomUUID().replaceAll('-', '');
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      let hasNul = false;
      let truncated = false;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (truncated) return done();
          const room = options.maxBytes - size;
          const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
          if (chunk.length > room) truncated = true;
          size += part.length;
          hash.update(part);
          if (!hasNul && part.includes(0)) hasNul = true;
          done(null, part);
        },
      });
      // Written under a temporary name and renamed when whole: a process killed mid-write leaves a
      // .part file (removed by removeAbandoned), never a file that looks complete.
      const partial = `${target}${PARTIAL}`;
      try {
        // The source is read to its end even past the limit, so that the request completes.
        await pipeline(content, meter, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex'), hasNul, truncated };
    },

    read(key: string): Readable {
      return createReadStream(pathOf(key));
    },

    async remove(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },

    async removeAbandoned(olderThanMs: number): Promise<number> {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith(PARTIAL)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (!info || Date.now() - info.mtimeMs < olderThanMs) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },

    async exists(key: string): Promise<boolean> {
      try {
        await access(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
