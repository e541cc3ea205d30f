import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSandboxPaymentGateway } from '../src/adapters/payments/sandbox/sandbox-payment-gateway';
import { startSandboxProvider } from '../src/adapters/payments/sandbox/sandbox-provider';
import { startNotificationReceiver } from '../src/test/notification-receiver';
import { submitCard } from '../src/test/sandbox-payer';
import { describeTimes, percentile } from './stats';

/**
 * npx tsx apps/server/bench/payment-sandbox-bench.ts [--checkouts 2000] [--concurrency 32] [--payments 200]
 * The sandbox provider as the portal runs it (state file on disk), driven through its adapter over HTTP:
 * checkouts started per second by concurrent callers, then the time from the payer's Pay to Settle's
 * receipt of the signed notification.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      checkouts: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '32' },
      payments: { type: 'string', default: '200' },
    },
  });
  const checkouts = Number(values.checkouts);
  const concurrency = Number(values.concurrency);
  const payments = Number(values.payments);
  const directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-bench-'));
  const secret = 'bench-secret-0123456789abcdef0123456789';
  const receiver = await startNotificationReceiver();
  const sandbox = await startSandboxProvider({
    secret,
    notifyUrl: receiver.url,
    dataFile: path.join(directory, 'payment-sandbox.json'),
  });
  const gateway = createSandboxPaymentGateway({ apiUrl: sandbox.origin, secret });
  try {
    const urls: string[] = [];
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < checkouts) {
          const index = next++;
          const begun = performance.now();
          const result = await gateway.startCheckout({
            extTranRefId: `bench-${index}`,
            amountMinor: 1_000 + index,
            currency: 'USD',
            kind: 'CREDIT_CARD',
            language: 'en',
            description: `bench ${index}`,
            returnUrl: 'http://127.0.0.1:9/payment/done',
            idempotencyKey: `bench-${index}`,
          });
          latencies.push(performance.now() - begun);
          urls.push(result.serviceURL);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `sandbox checkouts: ${checkouts} by ${concurrency} concurrent callers in ${seconds.toFixed(2)} s = ${(checkouts / seconds).toFixed(0)}/s; each ${describeTimes(latencies)}`,
    );

    const toNotification: number[] = [];
    for (const url of urls.slice(0, payments)) {
      const expected = receiver.received.length + 1;
      const begun = performance.now();
      await submitCard(url, { number: '4242424242424242' });
      await receiver.waitFor(expected);
      toNotification.push(performance.now() - begun);
    }
    console.log(
      `pay -> signed notification received: median ${percentile(toNotification, 50).toFixed(2)} ms, p95 ${percentile(toNotification, 95).toFixed(2)} ms (${toNotification.length} payments, one at a time)`,
    );
  } finally {
    await sandbox.close();
    await receiver.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
