import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bytesWrittenBetween, markFolder } from '../../../test/file-writes';
import { sampleSandboxPayment } from '../../../test/sandbox-records';
import type { SandboxNotification } from './sandbox-records';
import { SandboxStore } from './sandbox-store';
import { journalPathOf } from './sandbox-store-files';

let directory: string;
let dataFile: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-store-'));
  dataFile = path.join(directory, 'payment-sandbox.json');
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** Everything a store holds, comparable with toEqual whatever the maps' order. */
function contentOf(store: SandboxStore) {
  return {
    payments: Object.fromEntries(store.payments),
    byRef: Object.fromEntries([...store.paymentsByRef].map(([ref, payment]) => [ref, payment.id])),
    cardSessions: Object.fromEntries(store.cardSessions),
    cards: Object.fromEntries(store.cards),
    notifications: Object.fromEntries(store.notifications),
    idempotency: Object.fromEntries(store.idempotency),
  };
}

function notification(index: number): SandboxNotification {
  return {
    id: `msg_${index}`,
    body: JSON.stringify({ type: 'payment.updated', index }),
    delivered: false,
    attempts: 0,
    createdAt: new Date().toISOString(),
  };
}

/** A run's worth of changes of every kind, saved after each step as the sandbox does. */
async function churn(store: SandboxStore, from: number, count: number): Promise<void> {
  for (let index = from; index < from + count; index++) {
    const payment = sampleSandboxPayment(index);
    store.putPayment(payment);
    store.putIdempotentAnswer(`checkout:${index}`, {
      requestHash: `hash-${index}`,
      resourceId: payment.id,
      createdAt: new Date().toISOString(),
    });
    await store.save();
    if (index % 2 === 0) {
      store.updatePayment(payment, { state: 'SUCCESS', responseText: 'Approved', last4: '4242' });
      store.putNotification(notification(index));
      await store.save();
    }
    if (index % 4 === 0) {
      store.markDelivered(store.notifications.get(`msg_${index}`)!);
      await store.save();
    }
    if (index % 5 === 0) {
      const session = {
        id: `ss_${index}`,
        reference: `ref-${index}`,
        kind: 'CREDIT_CARD' as const,
        language: 'en',
        returnUrl: null,
        state: 'OPEN' as const,
        cardToken: null,
        createdAt: new Date().toISOString(),
      };
      store.putCardSession(session);
      await store.save();
      store.putCard({
        token: `card_${index}`,
        behaviour: 'SUCCEEDS',
        last4: '4242',
        brand: 'Visa',
        expiryMonth: 12,
        expiryYear: 2040,
        holderName: 'A. Payer',
      });
      store.updateCardSession(session, { state: 'SAVED', cardToken: `card_${index}` });
      await store.save();
    }
  }
}

describe('the sandbox store across restarts', () => {
  it('a restart after many saves (no close, as after kill -9) holds the same state', async () => {
    const first = new SandboxStore(dataFile);
    await churn(first, 0, 120);
    const second = new SandboxStore(dataFile);
    expect(contentOf(second)).toEqual(contentOf(first));
    expect(second.payments.size).toBe(120);
    // Delivered notifications are not kept; the others are.
    expect([...second.notifications.keys()].sort()).toEqual(
      Array.from({ length: 30 }, (_, index) => `msg_${index * 4 + 2}`).sort(),
    );
    // And again after the second run's own changes and its start compaction.
    await churn(second, 120, 40);
    expect(contentOf(new SandboxStore(dataFile))).toEqual(contentOf(second));
  });

  it('keeps the same state through compactions while running', async () => {
    const store = new SandboxStore(dataFile, { compactionFloorBytes: 0 });
    let largestJournal = 0;
    for (let round = 0; round < 20; round++) {
      await churn(store, round * 10, 10);
      const journal = journalPathOf(dataFile);
      if (existsSync(journal)) largestJournal = Math.max(largestJournal, statSync(journal).size);
    }
    // Compacted along the way: the journal stays within a few times the state, not the run's history.
    expect(largestJournal).toBeLessThan(3 * statSync(dataFile).size + 4096);
    expect(contentOf(new SandboxStore(dataFile))).toEqual(contentOf(store));
  });

  it('ignores a torn last line and keeps every line before it', async () => {
    const first = new SandboxStore(dataFile);
    await churn(first, 0, 20);
    const kept = contentOf(first);
    // A last save torn by kill -9 mid-write: half of a line, no newline.
    first.putPayment(sampleSandboxPayment(999));
    await first.save();
    const journal = readFileSync(journalPathOf(dataFile), 'utf8');
    const lastLine = journal.slice(journal.lastIndexOf('\n', journal.length - 2) + 1);
    expect(lastLine).toContain(sampleSandboxPayment(999).id);
    writeFileSync(journalPathOf(dataFile), journal.slice(0, journal.length - Math.ceil(lastLine.length / 2)));

    const second = new SandboxStore(dataFile);
    expect(contentOf(second)).toEqual(kept);
    // Nothing written after the torn line is lost: the next write starts afresh (a compaction).
    second.putPayment(sampleSandboxPayment(1000));
    await second.save();
    second.putPayment(sampleSandboxPayment(1001));
    await second.save();
    const third = new SandboxStore(dataFile);
    expect(contentOf(third)).toEqual(contentOf(second));
    expect(third.payments.has(sampleSandboxPayment(1001).id)).toBe(true);
  });

  it('restores correctly after a crash in the middle of a compaction (its temporary file left)', async () => {
    const first = new SandboxStore(dataFile);
    await churn(first, 0, 30);
    await first.close();
    await churn(first, 30, 10);
    const expected = contentOf(first);
    // Killed while writing the new snapshot aside: half of it in the temporary file.
    const temporary = `${dataFile}.424242.tmp`;
    writeFileSync(temporary, readFileSync(dataFile, 'utf8').slice(0, 1000));

    const second = new SandboxStore(dataFile);
    expect(contentOf(second)).toEqual(expected);
    second.putPayment(sampleSandboxPayment(500));
    await second.save();
    expect(existsSync(temporary)).toBe(false);
    expect(contentOf(new SandboxStore(dataFile))).toEqual(contentOf(second));
  });

  it('after a crash between the new snapshot and the journal removal, old lines do not undo newer values', async () => {
    const first = new SandboxStore(dataFile);
    const payment = sampleSandboxPayment(1);
    first.putPayment(payment);
    await first.save();
    const oldJournal = path.join(directory, 'journal-before-compaction');
    copyFileSync(journalPathOf(dataFile), oldJournal);
    // Changed, then folded into the snapshot before its own line was ever written to the journal.
    first.updatePayment(payment, { state: 'SUCCESS', responseText: 'Approved' });
    await first.close();
    expect(existsSync(journalPathOf(dataFile))).toBe(false);
    copyFileSync(oldJournal, journalPathOf(dataFile));

    const second = new SandboxStore(dataFile);
    expect(second.payments.get(payment.id)).toMatchObject({ state: 'SUCCESS', responseText: 'Approved' });
  });

  it('survives kill -9 in the middle of a run of saves: every save that had resolved is there', async () => {
    const writer = path.resolve(import.meta.dirname, '../../../test/sandbox-store-writer.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', writer, dataFile, '20000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      child.on('exit', () => reject(new Error(`the writer stopped: ${errors}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Past a few runtime compactions (the writer's floor is 20 kB), then killed mid-run.
        if (output.split('\n').length > 400) resolve();
      });
    });
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const saved = output.split('\n').filter(Boolean).map(Number);
    const lastSaved = saved.at(-1)!;

    const restarted = new SandboxStore(dataFile);
    for (let index = 0; index <= lastSaved; index++) {
      const payment = sampleSandboxPayment(index);
      expect(restarted.payments.get(payment.id), `payment ${index}`).toMatchObject({
        extTranRefId: payment.extTranRefId,
        state: index % 3 === 0 ? 'SUCCESS' : 'OPEN',
      });
    }
  });
});

describe('the cost of a save', () => {
  /** Bytes the files took for each of `saves` saves of one changed payment, among `stored` payments. */
  async function bytesPerSave(stored: number, saves: number): Promise<number[]> {
    const setUp = new SandboxStore(dataFile);
    for (let index = 0; index < stored; index++) setUp.putPayment(sampleSandboxPayment(index));
    await setUp.close();
    const store = new SandboxStore(dataFile);
    const written: number[] = [];
    let before = markFolder(directory);
    for (let run = 0; run < saves; run++) {
      const payment = store.payments.get(sampleSandboxPayment((run * 37) % stored).id)!;
      store.updatePayment(payment, { state: 'SUCCESS', updatedAt: new Date().toISOString() });
      await store.save();
      const after = markFolder(directory);
      written.push(bytesWrittenBetween(before, after));
      before = after;
    }
    rmSync(directory, { recursive: true, force: true });
    directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-store-'));
    dataFile = path.join(directory, 'payment-sandbox.json');
    return written;
  }

  it('does not grow with the number of stored payments: it writes the changed record', async () => {
    const few = await bytesPerSave(100, 30);
    const many = await bytesPerSave(10_000, 30);
    // One payment's line: some hundreds of bytes, whatever the state holds (the whole state at
    // 10,000 payments is about 5 MB).
    expect(Math.max(...many)).toBeLessThan(1024);
    expect(Math.max(...many)).toBeLessThanOrEqual(Math.max(...few) + 16);
    expect(Math.min(...few)).toBeGreaterThan(0);
  });

  it('writes nothing for a save with nothing changed', async () => {
    const store = new SandboxStore(dataFile);
    store.putPayment(sampleSandboxPayment(1));
    await store.save();
    const before = markFolder(directory);
    await store.save();
    expect(bytesWrittenBetween(before, markFolder(directory))).toBe(0);
  });
});
