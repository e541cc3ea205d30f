import type { Readable } from 'node:stream';

/** What a stored file is known by once written: its key, size and digest. */
export type StoredFile = {
  key: string;
  size: number;
  sha256: string;
  /** Whether the content holds a NUL byte anywhere: text types must not. */
  hasNul: boolean;
  /** Whether the writer stopped at maxBytes: the content was larger. */
  truncated: boolean;
};

/**
 * Where uploaded bytes live. Keys are generated here, never taken from a file name, so that
 * no name can reach a path. Implementations: a directory (local-file-storage.ts).
 */
export interface FileStorage {
  /** Streams the content in, never holding it whole; stops (truncated) past maxBytes. */
  write(content: Readable, options: { maxBytes: number }): Promise<StoredFile>;
  /** A local path to the bytes, for checks that need random access (magic bytes, zip directory). */
  pathOf(key: string): string;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Deletes what writes cut short left behind (a process killed mid-upload) once untouched for
   * `olderThanMs`, so that a write still running in another process is never taken; the count removed.
   */
  removeAbandoned(olderThanMs: number): Promise<number>;
}
