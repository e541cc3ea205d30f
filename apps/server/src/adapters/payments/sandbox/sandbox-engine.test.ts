import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietSandboxNotifier } from '../../../test/sandbox-notifier';
import { sampleSandboxPayment } from '../../../test/sandbox-records';
import { createSandboxEngine } from './sandbox-engine';
import { SandboxStore } from './sandbox-store';

let directory: string | undefined;
afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

/** An engine on this store whose notifier has no route yet (as at a portal's start): what is owed stays recorded. */
function engineOn(store: SandboxStore) {
  const notifier = quietSandboxNotifier(store);
  const engine = createSandboxEngine({ store, notifier, publicOrigin: 'http://127.0.0.1:9', pendingMs: 0 });
  return { engine, notifier };
}

describe('the sandbox engine at close', () => {
  it('waits for a settlement under way: the files a restart reads hold it and the notification it owes', async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-engine-'));
    const dataFile = path.join(directory, 'payment-sandbox.json');
    const store = new SandboxStore(dataFile);
    const { engine, notifier } = engineOn(store);
    const due = sampleSandboxPayment(1, {
      state: 'PENDING',
      responseText: 'Pending',
      settleAt: new Date(Date.now() - 1_000).toISOString(),
    });
    store.putPayment(due);
    await store.save();

    // The settlement starts (saved first, then told) and the sandbox closes at once, as its
    // provider does: engine, then deliveries, then the last save.
    const settling = engine.refresh(store.payments.get(due.id)!);
    await engine.close();
    // Closed means done: the settlement is saved and the notification it owes recorded.
    expect(
      [...store.notifications.values()].map((notification) => JSON.parse(notification.body).data.outcome),
    ).toEqual(['SUCCESS']);
    await notifier.close();
    await store.close();

    const restarted = new SandboxStore(dataFile);
    expect(restarted.payments.get(due.id)).toMatchObject({ state: 'SUCCESS', responseText: 'Approved' });
    const owed = [...restarted.notifications.values()].map((notification) => JSON.parse(notification.body));
    expect(owed.map((event) => [event.data.extTranRefId, event.data.outcome])).toEqual([
      [due.extTranRefId, 'SUCCESS'],
    ]);
    await settling;
    await restarted.close();
  });
});

describe('the sandbox engine settling a pending payment', () => {
  it('settles it when its timer fires before the clock reaches the time (a busy event loop)', async () => {
    const store = new SandboxStore(undefined);
    const { engine, notifier } = engineOn(store);
    const pending = sampleSandboxPayment(2, {
      state: 'PENDING',
      responseText: 'Pending',
      settleAt: new Date(Date.now() + 30).toISOString(),
    });
    store.putPayment(pending);
    engine.resume();
    // When the timer fires, Date.now() reads a second behind, as a loop that fell behind would.
    const realNow = Date.now.bind(Date);
    const late = vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 1_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(store.payments.get(pending.id)?.state).toBe('PENDING');
    } finally {
      late.mockRestore();
    }
    await expect.poll(() => store.payments.get(pending.id)?.state, { timeout: 5_000 }).toBe('SUCCESS');
    await engine.close();
    await notifier.close();
  });
});
