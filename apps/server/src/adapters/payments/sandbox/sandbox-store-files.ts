import { readFileSync } from 'node:fs';
import { appendFile, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  emptyRecords,
  type IdempotentAnswer,
  RECORD_KINDS,
  type RecordKind,
  type SandboxCard,
  type SandboxCardSession,
  type SandboxNotification,
  type SandboxPayment,
  type SandboxRecords,
} from './sandbox-records';

/*
 * The sandbox's state on disk is two files:
 * - the snapshot (the data file itself): every record at some moment, replaced whole by a rename, so
 *   it is either the old one or the new one, never half of each;
 * - the journal (`<data file>.journal`): one JSON line per record changed since, appended by each
 *   save. A line holds the record whole (or null when it is gone), so the last line of a key wins.
 * Lines carry a sequence number and the snapshot the last number it already holds: after a crash
 * between the snapshot's rename and the journal's removal, the old lines are skipped rather than
 * replayed over newer values.
 */

export type SandboxSnapshot = {
  /** The last journal line this snapshot holds (absent in files written before the journal). */
  journalSeq?: number;
  payments: SandboxPayment[];
  cardSessions: SandboxCardSession[];
  cards: SandboxCard[];
  notifications: SandboxNotification[];
  idempotency: Array<[string, IdempotentAnswer]>;
};

type JournalLine = { seq: number; kind: RecordKind; key: string; value: unknown };

export type LoadedSandboxFiles = {
  records: SandboxRecords;
  /** The highest sequence number in the files: the next line takes the one after. */
  seq: number;
  snapshotBytes: number;
  journalBytes: number;
  /** Lines that were not whole JSON: the last one torn by a crash mid-write. */
  skippedLines: number;
};

export function journalPathOf(filePath: string): string {
  return `${filePath}.journal`;
}

function temporaryPathOf(filePath: string): string {
  return `${filePath}.${process.pid}.tmp`;
}

/** The snapshot, then the journal's lines it does not hold yet, in the order they were written. */
export function loadSandboxFiles(filePath: string): LoadedSandboxFiles {
  const records = emptyRecords();
  const snapshotText = readIfExists(filePath);
  let seq = 0;
  if (snapshotText !== undefined) {
    const snapshot = JSON.parse(snapshotText) as SandboxSnapshot;
    seq = snapshot.journalSeq ?? 0;
    for (const payment of snapshot.payments) records.payment.set(payment.id, payment);
    for (const session of snapshot.cardSessions) records.cardSession.set(session.id, session);
    for (const card of snapshot.cards) records.card.set(card.token, card);
    for (const notification of snapshot.notifications)
      records.notification.set(notification.id, notification);
    for (const [key, answer] of snapshot.idempotency) records.idempotency.set(key, answer);
  }
  const heldBySnapshot = seq;
  const journalText = readIfExists(journalPathOf(filePath)) ?? '';
  let skippedLines = 0;
  for (const text of journalText.split('\n')) {
    if (!text) continue;
    const line = parseLine(text);
    if (!line) {
      skippedLines += 1;
      continue;
    }
    if (line.seq <= heldBySnapshot) continue;
    seq = Math.max(seq, line.seq);
    const table = records[line.kind] as Map<string, unknown>;
    if (line.value === null) table.delete(line.key);
    else table.set(line.key, line.value);
  }
  return {
    records,
    seq,
    snapshotBytes: Buffer.byteLength(snapshotText ?? ''),
    journalBytes: Buffer.byteLength(journalText),
    skippedLines,
  };
}

/** What the files hold, as one snapshot (for tests and tools that read the sandbox's state). */
export function readSandboxState(filePath: string): SandboxSnapshot {
  const loaded = loadSandboxFiles(filePath);
  return snapshotOf(loaded.records, loaded.seq);
}

export function snapshotOf(records: SandboxRecords, seq: number): SandboxSnapshot {
  return {
    journalSeq: seq,
    payments: [...records.payment.values()],
    cardSessions: [...records.cardSession.values()],
    cards: [...records.card.values()],
    // Delivered notifications are history nobody reads again.
    notifications: [...records.notification.values()].filter((notification) => !notification.delivered),
    idempotency: [...records.idempotency],
  };
}

export function journalLine(seq: number, kind: RecordKind, key: string, value: unknown): string {
  return `${JSON.stringify({ seq, kind, key, value: value ?? null } satisfies JournalLine)}\n`;
}

/**
 * One save's lines, in one write. Not fsynced: the page cache outlives a killed process, which is the
 * crash the sandbox must survive (a stand-in provider, as before the journal); a power cut may lose the
 * last saves, and a line it tears is skipped at the next start.
 */
export async function appendToJournal(filePath: string, lines: string): Promise<void> {
  await appendFile(journalPathOf(filePath), lines);
}

/**
 * Replaces the snapshot (written aside, flushed to disk, renamed over the old one), then removes the
 * journal it now holds and any temporary file a crashed compaction left.
 */
export async function replaceSnapshot(filePath: string, text: string): Promise<void> {
  const temporary = temporaryPathOf(filePath);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    // Flushed before the rename: the journal goes next, so the snapshot must really be there.
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, filePath);
  await rm(journalPathOf(filePath), { force: true });
  await removeLeftTemporaries(filePath);
}

async function removeLeftTemporaries(filePath: string): Promise<void> {
  const base = path.basename(filePath);
  const left = (await readdir(path.dirname(filePath))).filter(
    (name) => name.startsWith(`${base}.`) && /^\.\d+\.tmp$/.test(name.slice(base.length)),
  );
  await Promise.all(left.map((name) => rm(path.join(path.dirname(filePath), name), { force: true })));
}

function parseLine(text: string): JournalLine | undefined {
  let line: Partial<JournalLine>;
  try {
    line = JSON.parse(text) as Partial<JournalLine>;
  } catch {
    return undefined;
  }
  const wellFormed =
    typeof line === 'object' &&
    line !== null &&
    typeof line.seq === 'number' &&
    typeof line.key === 'string' &&
    RECORD_KINDS.includes(line.kind as RecordKind) &&
    'value' in line;
  return wellFormed ? (line as JournalLine) : undefined;
}

function readIfExists(filePath: string): string | undefined {
  try {
    return readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
