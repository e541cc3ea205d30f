import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The file that says which process holds a PGlite data folder. */
export const LOCK_FILE = 'pglite.lock';

type Holder = { pid: number; command: string; since: string };

/**
 * Takes the data folder for this process, or fails with who holds it. PGlite is one process's
 * database: a second process opening the same folder (a seed, an admin or import command beside a
 * running portal) would write pages the first one does not know of, and either can overwrite the
 * other's. A lock whose process has ended (a crash, a kill) is taken over; one held by a live
 * process is waited for up to `waitMs` (a restarting dev server releases it within that), then
 * refused. Answers the release, which is idempotent.
 */
export async function lockDataDir(
  dataDir: string,
  options: { waitMs?: number; pollMs?: number } = {},
): Promise<() => void> {
  const file = path.join(dataDir, LOCK_FILE);
  const deadline = Date.now() + (options.waitMs ?? 5_000);
  for (;;) {
    const taken = tryTake(file);
    if (taken) return taken;
    const holder = readHolder(file);
    if (holder && !isAlive(holder.pid)) {
      // Ended without releasing: remove its lock and take it on the next turn (`wx` settles a race).
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) throw new Error(heldMessage(dataDir, file, holder));
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

function tryTake(file: string): (() => void) | null {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  const holder: Holder = {
    pid: process.pid,
    command: process.argv.slice(1).join(' '),
    since: new Date().toISOString(),
  };
  writeSync(descriptor, JSON.stringify(holder));
  closeSync(descriptor);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Only our own lock: a folder taken over after ours was judged stale is not ours to free.
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' ? (holder as Holder) : null;
  } catch {
    // Being written this very moment, or not a lock we wrote: treated as held, waited for.
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function heldMessage(dataDir: string, file: string, holder: Holder | null): string {
  const who = holder
    ? `process ${holder.pid} (${holder.command || 'unknown'}, since ${holder.since})`
    : 'another process';
  return (
    `The data folder ${dataDir} is in use by ${who}. PGlite takes one process at a time: stop the portal ` +
    `first, or hand it the command (npm run admin talks to a running portal through its admin socket). ` +
    `If no such process is running, delete ${file}.`
  );
}
