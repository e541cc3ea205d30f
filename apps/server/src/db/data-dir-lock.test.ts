import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

// PGlite is one process's database: a second opener of the same folder (a seed or a command beside
// a running portal) must be refused, never let in to write beside it.

let dataDir: string;
const children: ChildProcess[] = [];

/** A live process that is not this one, to hold a lock as a running portal would. */
function liveProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const lockHolder = (pid: number) =>
  JSON.stringify({ pid, command: 'settle server', since: '2026-11-28T10:00:00.000Z' });

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'settle-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('refuses a second opener of a PGlite folder while the first holds it, and lets it in once closed', async () => {
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (1)`);
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      new RegExp(`The data folder ${dataDir} is in use by process ${process.pid} `),
    );
    await first.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const second = await openDatabase({ dataDir });
    try {
      expect(await queryRows(second.db, sql`select n from kept`)).toEqual([{ n: 1 }]);
    } finally {
      await second.close();
    }
  }, 30_000);

  it('names the live process that holds the folder, with what to do', async () => {
    const holder = liveProcess();
    writeFileSync(path.join(dataDir, LOCK_FILE), lockHolder(holder.pid!));
    const refused = lockDataDir(dataDir, { waitMs: 300, pollMs: 50 });
    await expect(refused).rejects.toThrow(
      `is in use by process ${holder.pid} (settle server, since 2026-11-28T10:00:00.000Z)`,
    );
    await expect(refused).rejects.toThrow('stop the portal first');
    await expect(refused).rejects.toThrow(`delete ${path.join(dataDir, LOCK_FILE)}`);
    // Nothing taken: the holder's lock is as it was.
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(holder.pid);
  });

  it('waits for a holder that ends within the wait (a restarting server), then takes the folder', async () => {
    const holder = liveProcess();
    writeFileSync(path.join(dataDir, LOCK_FILE), lockHolder(holder.pid!));
    setTimeout(() => holder.kill(), 200);
    const release = await lockDataDir(dataDir, { waitMs: 10_000, pollMs: 50 });
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over the lock of a process that ended without releasing it (a crash)', async () => {
    const ended = liveProcess();
    const pid = ended.pid!;
    await new Promise((resolve) => {
      ended.once('exit', resolve);
      ended.kill('SIGKILL');
    });
    writeFileSync(path.join(dataDir, LOCK_FILE), lockHolder(pid));
    const release = await lockDataDir(dataDir, { waitMs: 0 });
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('never frees a lock that is no longer its own', async () => {
    const release = await lockDataDir(dataDir, { waitMs: 0 });
    const other = liveProcess();
    writeFileSync(path.join(dataDir, LOCK_FILE), lockHolder(other.pid!));
    release();
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(other.pid);
  });
});
