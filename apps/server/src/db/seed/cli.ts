import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createLocalFileStorage } from '../../adapters/file-storage/local-file-storage';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDemo } from './seed-demo';
import { DEFAULT_DEMO_INVOICES, DEFAULT_DEMO_SEED, isDatabaseEmpty } from './seed-if-empty';

/** npm run seed -- [--invoices N] [--seed N] [--reset] */
async function main() {
  const { values } = parseArgs({
    options: {
      invoices: { type: 'string', default: String(DEFAULT_DEMO_INVOICES) },
      seed: { type: 'string', default: String(DEFAULT_DEMO_SEED) },
      reset: { type: 'boolean', default: false },
    },
  });
  const invoiceCount = Number(values.invoices);
  if (!Number.isInteger(invoiceCount) || invoiceCount < 0 || invoiceCount > 5_000_000) {
    throw new Error('--invoices must be a whole number between 0 and 5000000');
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    filling: invoiceCount > 0,
  });
  await database.migrate();
  if (!(await isDatabaseEmpty(database.db))) {
    if (!values.reset) {
      console.error('The database already has data. Run with --reset to replace it with demo data.');
      process.exitCode = 1;
      await database.close();
      return;
    }
    await database.db.execute(sql`truncate tenants, currencies restart identity cascade`);
  }
  const started = performance.now();
  const result = await seedDemo(database.db, {
    invoices: invoiceCount,
    seed: Number(values.seed),
    today: new Date(),
    log: (line) => console.log(line),
    storage: createLocalFileStorage(config.uploads.dir),
  });
  console.log(
    `Seeded ${result.customers} customers, ${result.users} users, ${result.invoices} invoices, ${result.lineItems} line items, ${result.disputes} disputes in ${Math.round(performance.now() - started)} ms (${database.kind}).`,
  );
  await database.close();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
