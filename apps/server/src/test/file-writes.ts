import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Each file of a folder by name: its inode and size, to tell later what was written since. */
export type FolderMark = Map<string, { ino: number; size: number }>;

export function markFolder(directory: string): FolderMark {
  const marks: FolderMark = new Map();
  for (const name of readdirSync(directory)) {
    const stats = statSync(path.join(directory, name));
    marks.set(name, { ino: stats.ino, size: stats.size });
  }
  return marks;
}

/**
 * Bytes written to a folder between two marks, as seen from outside: a new file, or one replaced by a
 * rename (another inode) or truncated, was written whole; a file that kept its inode wrote its growth.
 */
export function bytesWrittenBetween(before: FolderMark, after: FolderMark): number {
  let total = 0;
  for (const [name, mark] of after) {
    const previous = before.get(name);
    if (!previous || previous.ino !== mark.ino || mark.size < previous.size) total += mark.size;
    else total += mark.size - previous.size;
  }
  return total;
}
