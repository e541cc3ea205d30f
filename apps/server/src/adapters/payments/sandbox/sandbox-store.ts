import { mkdirSync } from 'node:fs';
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
import {
  appendToJournal,
  journalLine,
  loadSandboxFiles,
  replaceSnapshot,
  snapshotOf,
} from './sandbox-store-files';

/** Idempotency keys are kept at least this long, as providers do. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A settled payment is forgotten at a start this long after its last change, so the file stays small. */
const SETTLED_PAYMENT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const WAITING = new Set(['OPEN', 'REQUIRES_CONFIRMATION', 'PENDING']);

/**
 * The journal is folded into a new snapshot once it outgrows this many times the last snapshot (so
 * a compaction's cost, the whole state, is spread over at least that much journal: a constant per
 * byte saved), and never below the floor (a small state is not rewritten every few saves).
 */
const COMPACTION_RATIO = 2;
const DEFAULT_COMPACTION_FLOOR_BYTES = 4 * 1024 * 1024;

export type SandboxStoreOptions = {
  /** The journal's size below which it is never compacted while running. */
  compactionFloorBytes?: number;
};

/**
 * The sandbox's state: in memory, and in files when given a path, so that a restarted portal (and its
 * sandbox with it) still answers status queries for the payments started before. A save writes only
 * the records changed since the last one, as lines appended to a journal (see sandbox-store-files.ts);
 * the journal is folded into the snapshot at the first write after a start, when it grows past a
 * multiple of the state, and at close. Writes are coalesced: whoever asks for a save waits for a write
 * that began after the ask.
 */
export class SandboxStore {
  private readonly records: SandboxRecords;
  private readonly byRef = new Map<string, SandboxPayment>();
  /** The keys changed since the last write, by kind: what the next save writes. */
  private readonly changed = new Map<RecordKind, Set<string>>(RECORD_KINDS.map((kind) => [kind, new Set()]));
  private seq = 0;
  private snapshotBytes = 0;
  private journalBytes = 0;
  /**
   * The next write is a compaction: after a start that found a journal (its last line may be torn:
   * nothing is appended after it) or forgot records, and after a failed write (the file may end
   * mid-line, and the changes it took are written whole by the snapshot).
   */
  private compactNext = false;
  private closing = false;
  private readonly compactionFloorBytes: number;
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(
    private readonly filePath: string | undefined,
    options: SandboxStoreOptions = {},
  ) {
    this.compactionFloorBytes = options.compactionFloorBytes ?? DEFAULT_COMPACTION_FLOOR_BYTES;
    if (!filePath) {
      this.records = emptyRecords();
      return;
    }
    mkdirSync(path.dirname(filePath), { recursive: true });
    // Only read here: the compaction is the first write, which only a provider that got its port
    // makes (a second process failing to start on the same files never rewrites them).
    const loaded = loadSandboxFiles(filePath);
    this.records = loaded.records;
    this.seq = loaded.seq;
    this.snapshotBytes = loaded.snapshotBytes;
    this.journalBytes = loaded.journalBytes;
    const forgotten = this.forgetExpired();
    this.compactNext = loaded.journalBytes > 0 || forgotten > 0;
    for (const payment of this.records.payment.values()) this.byRef.set(payment.extTranRefId, payment);
  }

  get payments(): ReadonlyMap<string, SandboxPayment> {
    return this.records.payment;
  }
  get paymentsByRef(): ReadonlyMap<string, SandboxPayment> {
    return this.byRef;
  }
  get cardSessions(): ReadonlyMap<string, SandboxCardSession> {
    return this.records.cardSession;
  }
  get cards(): ReadonlyMap<string, SandboxCard> {
    return this.records.card;
  }
  /** The notifications not delivered yet (a delivered one is dropped: nobody reads it again). */
  get notifications(): ReadonlyMap<string, SandboxNotification> {
    return this.records.notification;
  }
  get idempotency(): ReadonlyMap<string, IdempotentAnswer> {
    return this.records.idempotency;
  }

  putPayment(payment: SandboxPayment): void {
    this.records.payment.set(payment.id, payment);
    this.byRef.set(payment.extTranRefId, payment);
    this.markChanged('payment', payment.id);
  }

  /** Changes a stored payment in place (holders of the object see the change). */
  updatePayment(payment: SandboxPayment, update: Partial<SandboxPayment>): void {
    Object.assign(payment, update);
    this.putPayment(payment);
  }

  putCardSession(session: SandboxCardSession): void {
    this.records.cardSession.set(session.id, session);
    this.markChanged('cardSession', session.id);
  }

  updateCardSession(session: SandboxCardSession, update: Partial<SandboxCardSession>): void {
    Object.assign(session, update);
    this.putCardSession(session);
  }

  putCard(card: SandboxCard): void {
    this.records.card.set(card.token, card);
    this.markChanged('card', card.token);
  }

  putNotification(notification: SandboxNotification): void {
    this.records.notification.set(notification.id, notification);
    this.markChanged('notification', notification.id);
  }

  /** A delivered notification is forgotten, in memory and in the files. */
  markDelivered(notification: SandboxNotification): void {
    Object.assign(notification, { delivered: true });
    this.records.notification.delete(notification.id);
    this.markChanged('notification', notification.id);
  }

  putIdempotentAnswer(key: string, answer: IdempotentAnswer): void {
    this.records.idempotency.set(key, answer);
    this.markChanged('idempotency', key);
  }

  save(): Promise<void> {
    if (!this.filePath) return Promise.resolve();
    if (this.queued) return this.queued;
    const filePath = this.filePath;
    this.queued = this.writing.then(async () => {
      this.queued = null;
      await this.write(filePath);
    });
    this.writing = this.queued.catch(() => {});
    return this.queued;
  }

  /** The last save, folding the journal into the snapshot: the next start has nothing to replay. */
  close(): Promise<void> {
    this.closing = true;
    return this.save();
  }

  private markChanged(kind: RecordKind, key: string): void {
    // Without a file nothing is written, so nothing is remembered for it.
    if (this.filePath) this.changed.get(kind)!.add(key);
  }

  private async write(filePath: string): Promise<void> {
    const hasChanges = [...this.changed.values()].some((keys) => keys.size > 0);
    const journalTooLong =
      this.journalBytes > Math.max(this.compactionFloorBytes, COMPACTION_RATIO * this.snapshotBytes);
    const folding = this.closing && (hasChanges || this.journalBytes > 0);
    this.closing = false;
    if (this.compactNext || journalTooLong || folding) {
      await this.compact(filePath);
      return;
    }
    if (!hasChanges) return;
    const lines = this.takeChanges();
    try {
      await appendToJournal(filePath, lines);
    } catch (error) {
      this.compactNext = true;
      throw error;
    }
    this.journalBytes += Buffer.byteLength(lines);
  }

  /** The changed records as journal lines (a record gone is a null), each with the next number. */
  private takeChanges(): string {
    let lines = '';
    for (const [kind, keys] of this.changed) {
      const table = this.records[kind] as Map<string, unknown>;
      for (const key of keys) {
        this.seq += 1;
        lines += journalLine(this.seq, kind, key, table.get(key));
      }
      keys.clear();
    }
    return lines;
  }

  private async compact(filePath: string): Promise<void> {
    // The snapshot holds every record as it is now, changed or not.
    for (const keys of this.changed.values()) keys.clear();
    this.compactNext = true;
    const text = JSON.stringify(snapshotOf(this.records, this.seq));
    await replaceSnapshot(filePath, text);
    this.compactNext = false;
    this.snapshotBytes = Buffer.byteLength(text);
    this.journalBytes = 0;
  }

  /** At a start: settled payments a month untouched and idempotency keys a day old. */
  private forgetExpired(): number {
    let forgotten = 0;
    const settledBefore = Date.now() - SETTLED_PAYMENT_TTL_MS;
    for (const [id, payment] of this.records.payment) {
      if (!WAITING.has(payment.state) && !(Date.parse(payment.updatedAt) >= settledBefore)) {
        this.records.payment.delete(id);
        forgotten += 1;
      }
    }
    const answeredBefore = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, answer] of this.records.idempotency) {
      if (!(Date.parse(answer.createdAt) >= answeredBefore)) {
        this.records.idempotency.delete(key);
        forgotten += 1;
      }
    }
    for (const [id, notification] of this.records.notification) {
      if (notification.delivered) this.records.notification.delete(id);
    }
    return forgotten;
  }
}
