// Probe (not part of the bench): builds the settle_perf PostgreSQL database as the bench builds its own (the demo,
// a million invoices, disputes and payments) and a PGlite folder in /tmp/perf, for the other probes to reuse.
import { openDatabase } from '../../src/db/client';
import { seedDemo } from '../../src/db/seed/seed-demo';
import { insertBulkDisputes } from '../bulk-disputes';
import { insertBulkInvoices } from '../bulk-invoices';
import { insertBulkPayments } from '../bulk-payments';

const pg = (await import('pg')).default;
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect();
await admin.query('drop database if exists settle_perf with (force)');
await admin.query('create database settle_perf');
await admin.end();
const database = await openDatabase({
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/settle_perf',
  dataDir: '/tmp/perf',
});
await database.migrate();
await seedDemo(database.db, { invoices: 2000, seed: 1, today: new Date() });
await insertBulkInvoices(database.db, 1_000_000);
// As the bench's own database: the disputes and payment logs its dispute and payment-log pages read.
await insertBulkDisputes(database.db);
await insertBulkPayments(database.db, 1_000_000);
await database.close();
console.log('ok');
