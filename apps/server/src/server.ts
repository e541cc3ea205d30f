import { flushCompileCache } from 'node:module';
import { createLocalFileStorage } from './adapters/file-storage/local-file-storage';
import { startPaymentSandbox } from './adapters/payments/sandbox/start-payment-sandbox';
import { adminSocketPath, startAdminSocket } from './admin/admin-socket';
import { portalCommandRunner } from './admin/portal-command-runner';
import { BACKGROUND_START_DELAY_MS, buildApp } from './app';
import { ConfigError, IN_MEMORY, loadConfig } from './config';
import { seedDemoDataIfEmpty } from './db/seed/seed-if-empty';
import { startDemoSso } from './dev/demo-sso';
import { developmentAidsLine } from './dev/development-aids';
import { markStart, reportStartTiming } from './lib/start-timing';

/** Listens and shuts down gracefully; everything else lives in buildApp. */
async function main() {
  const startedAt = performance.now();
  markStart('modules loaded');
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // The demo start's OpenID provider for the sso-demo tenant, before the app that discovers it.
  const demoSso = await startDemoSso(loaded);
  markStart('demo OpenID provider');
  // The sandbox payment provider, on its own origin, unless another provider is configured.
  let log: { warn: (message: string) => void } = { warn: (message) => console.warn(message) };
  const paymentSandbox = await startPaymentSandbox(demoSso?.config ?? loaded, {
    logger: { warn: (message) => log.warn(message) },
  });
  const config = paymentSandbox?.config ?? demoSso?.config ?? loaded;
  markStart('payment sandbox');

  const app = await buildApp(config);
  log = { warn: (message) => app.log.warn(message) };
  markStart('app built');
  if (config.seedDemoData) {
    const seeded = await seedDemoDataIfEmpty(app.database.db, {
      log: (line) => app.log.info(line),
      storage: createLocalFileStorage(config.uploads.dir),
    });
    if (seeded) app.log.info(`demo data ready: ${seeded.customers} customers, ${seeded.invoices} invoices`);
    if (seeded)
      app.log.info(`demo registration link: ${await app.services.accountSetup.demoRegistrationLink()}`);
  }

  markStart('demo data checked');
  // Operator commands reach the embedded database through the running portal (admin-socket.ts).
  const socketPath =
    app.database.kind === 'pglite' && config.dataDir !== IN_MEMORY ? adminSocketPath(config.dataDir) : null;
  const adminSocket = socketPath
    ? await startAdminSocket(
        socketPath,
        portalCommandRunner({ db: app.database.db, services: app.services }, app.log),
      )
    : null;

  markStart('admin socket');
  let recovery: NodeJS.Timeout | undefined;
  // The graceful stop: new requests answer 503, those in flight finish, background work ends its
  // pass, then the database closes (plugins/graceful-shutdown.ts); a stop stuck past 30 s exits anyway.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      app.log.info(`${signal} received, closing`);
      const timer = setTimeout(() => process.exit(1), 30_000);
      timer.unref();
      clearTimeout(recovery);
      await adminSocket?.close();
      await app.shutdown({ timeoutMs: 25_000 });
      await demoSso?.close();
      await paymentSandbox?.close();
      process.exit(0);
    });
  }

  if (process.env.SETTLE_START_TIMING === '1') {
    await app.ready();
    markStart('fastify ready (routes built, onReady hooks)');
  }
  await app.listen({ port: config.port, host: config.host });
  markStart('listening');
  reportStartTiming();
  // What the start compiled is on disk for the next start even if this process is killed later;
  // written once the first requests are answered.
  setTimeout(flushCompileCache, BACKGROUND_START_DELAY_MS).unref();
  const where = app.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(
    `Settle is ready at http://localhost:${config.port} (${where}) in ${Math.round(performance.now() - startedAt)} ms; API docs at http://localhost:${config.port}${config.apiBase}/docs`,
  );
  app.log.info(developmentAidsLine(config));
  if (demoSso) app.log.info(demoSso.announcement);
  if (paymentSandbox) app.log.info(paymentSandbox.announcement);
  // Payments left PENDING by a previous run are asked about at the provider and settled; old
  // Idempotency-Keys are forgotten. Neither blocks the start: both wait for the first requests.
  recovery = setTimeout(() => void recoverPayments(app), BACKGROUND_START_DELAY_MS);
}

async function recoverPayments(app: Awaited<ReturnType<typeof buildApp>>) {
  try {
    const purged = await app.services.idempotency.purgeExpired();
    const recovered = await app.services.paymentSettlement.recoverPending();
    if (recovered.checked > 0 || purged > 0)
      app.log.info(
        `payments: ${recovered.settled} of ${recovered.checked} pending payment(s) settled from the provider; ${purged} expired idempotency key(s) deleted`,
      );
  } catch (error) {
    app.log.warn(
      { err: error },
      'payments: recovery of pending payments failed; polls and notifications will settle them',
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
