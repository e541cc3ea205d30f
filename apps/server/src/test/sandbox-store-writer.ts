import { SandboxStore } from '../adapters/payments/sandbox/sandbox-store';
import { sampleSandboxPayment } from './sandbox-records';

/**
 * Run as a child process by sandbox-store.test.ts, which kills it with SIGKILL mid-run: creates
 * payment after payment on the store at argv[2] (each third one is then changed), and prints each
 * one's number once its save has resolved.
 */
const store = new SandboxStore(process.argv[2], { compactionFloorBytes: Number(process.argv[3] ?? 0) });
for (let index = 0; ; index++) {
  const payment = sampleSandboxPayment(index);
  store.putPayment(payment);
  if (index % 3 === 0) store.updatePayment(payment, { state: 'SUCCESS', responseText: 'Approved' });
  await store.save();
  process.stdout.write(`${index}\n`);
}
