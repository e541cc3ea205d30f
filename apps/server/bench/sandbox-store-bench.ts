import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SandboxPayment } from '../src/adapters/payments/sandbox/sandbox-records';
import { bytesWrittenBetween, markFolder } from '../src/test/file-writes';
import { sampleSandboxPayment } from '../src/test/sandbox-records';
import { percentile } from './stats';

/**
 * npx tsx apps/server/bench/sandbox-store-bench.ts [--sizes 100,1000,10000] [--saves 300] [--store <module>]
 * The sandbox store's cost per save as the number of stored payments grows: one payment changed, then a
 * save, repeated. Bytes are what reached the state files (a file replaced by a rename counts whole, a
 * file that grew counts its growth); time is wall time and the process's CPU time per save.
 * --store names another build of sandbox-store.ts (to measure an older one); it needs only
 * `new SandboxStore(file)`, `putPayment` and `save()`.
 */
type StoreLike = { putPayment(payment: SandboxPayment): void; save(): Promise<void> };

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100,1000,10000' },
      saves: { type: 'string', default: '300' },
      store: { type: 'string', default: '../src/adapters/payments/sandbox/sandbox-store.ts' },
    },
  });
  const modulePath = path.resolve(import.meta.dirname, values.store);
  const { SandboxStore } = (await import(modulePath)) as {
    SandboxStore: new (file: string) => StoreLike;
  };
  const saves = Number(values.saves);
  console.log('payments  bytes/save (median, mean, max)  wall ms/save (median, p99)  cpu ms/save (mean)');
  for (const size of values.sizes.split(',').map(Number)) {
    const directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-store-bench-'));
    try {
      const store = new SandboxStore(path.join(directory, 'payment-sandbox.json'));
      const payments = Array.from({ length: size }, (_, index) => sampleSandboxPayment(index));
      for (const payment of payments) store.putPayment(payment);
      await store.save();
      const bytes: number[] = [];
      const times: number[] = [];
      let cpuMicros = 0;
      let files = markFolder(directory);
      for (let run = 0; run < saves; run++) {
        const payment = payments[(run * 7919) % size]!;
        store.putPayment({ ...payment, state: 'SUCCESS', updatedAt: new Date().toISOString() });
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        await store.save();
        times.push(performance.now() - started);
        const cpu = process.cpuUsage(cpuBefore);
        cpuMicros += cpu.user + cpu.system;
        const now = markFolder(directory);
        bytes.push(bytesWrittenBetween(files, now));
        files = now;
      }
      const meanBytes = bytes.reduce((sum, value) => sum + value, 0) / saves;
      console.log(
        [
          String(size).padStart(8),
          `${percentile(bytes, 50)}, ${Math.round(meanBytes)}, ${Math.max(...bytes)}`.padStart(30),
          `${percentile(times, 50).toFixed(3)}, ${percentile(times, 99).toFixed(3)}`.padStart(26),
          (cpuMicros / 1000 / saves).toFixed(3).padStart(18),
        ].join('  '),
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }
}

await main();
