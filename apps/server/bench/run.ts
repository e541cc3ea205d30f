import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { type Db, queryRows } from '../src/db/client';
import { seedDemo } from '../src/db/seed/seed-demo';
import { createServices, type Services } from '../src/services';
import { benchAutopay } from './autopay-bench';
import { openBenchDatabase } from './bench-database';
import { insertBulkDisputes } from './bulk-disputes';
import { insertBulkInvoices } from './bulk-invoices';
import { insertBulkPayments } from './bulk-payments';
import { benchExports, benchInvoicePdf } from './export-bench';
import { benchFilters } from './filter-bench';
import { benchFarPages } from './grid-page-bench';
import { benchHttp, type HttpScope } from './http-bench';
import { benchLedgerLoad } from './ledger-load-bench';
import { benchPayments } from './payment-bench';
import { benchPaymentLogs } from './payment-log-bench';
import { benchStart } from './start-bench';
import { describeTimes, timeIt } from './stats';
import { UNTHROTTLED_ENV } from './unthrottled';

/**
 * npm run bench -- [--invoices 1000000] [--payments 1000000] [--runs 200] [--only payments|autopay|ledger|start|documents] [--http-seconds 5]
 *   [--ledger-invoices 1000000]
 * A fresh database (PGlite in a temporary folder, or a new database on DATABASE_URL's
 * server) with the demo plus N bulk invoices; then the grid query as the API runs it, the
 * payment paths over HTTP against the sandbox provider, and last the HTTP stage (http-bench.ts)
 * on the built server, then the start stage (start-bench.ts: the built server's first and second
 * start to /healthz on PGlite); --http-seconds 0 leaves both out. --only payments skips the bulk
 * invoices and the grid stages; --only autopay measures the autopay job alone (autopay-bench.ts:
 * --autopay-rules 1000 rules of --autopay-invoices 10 due invoices each); --only ledger runs the
 * ledger load stage alone (ledger-load-bench.ts): N invoices with 3 lines loaded through the
 * integration loader, then re-loaded unchanged, on PGlite and, when DATABASE_URL is set, on
 * PostgreSQL as well. --only start builds the server and runs the start stage alone. --only documents
 * runs the invoice PDF stage alone on the demo data (no bulk invoices), --runs one-invoice documents.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      invoices: { type: 'string', default: '1000000' },
      payments: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '200' },
      only: { type: 'string' },
      'http-seconds': { type: 'string', default: '5' },
      'autopay-rules': { type: 'string', default: '1000' },
      'autopay-invoices': { type: 'string', default: '10' },
      'ledger-invoices': { type: 'string', default: '1000000' },
    },
  });
  if (values.only === 'ledger') return benchLedger(Number(values['ledger-invoices']));
  if (values.only === 'start') {
    await benchStart({ root: path.resolve(import.meta.dirname, '../../..'), build: true });
    return;
  }
  const paymentsOnly = values.only === 'payments';
  const documentsOnly = values.only === 'documents';
  const httpSeconds = Number(values['http-seconds']);
  const invoiceCount = Number(values.invoices);
  const paymentCount = Number(values.payments);
  const runs = Number(values.runs);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-bench-'));
  const config = loadConfig({ ...UNTHROTTLED_ENV, ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const { database, url, drop } = await openBenchDatabase(config.databaseUrl, dataDir);
  const { db } = database;
  let closed = false;
  try {
    await database.migrate();
    console.log(`engine: ${database.kind}`);
    let started = performance.now();
    await seedDemo(db, { invoices: 2000, seed: 1, today: new Date() });
    if (values.only === 'autopay') {
      const [tenant] = await queryRows<{ id: number }>(db, sql`select id from tenants where is_default`);
      await benchAutopay({
        database,
        config,
        tenantId: tenant!.id,
        rules: Number(values['autopay-rules']),
        perRule: Number(values['autopay-invoices']),
      });
      return;
    }
    if (paymentsOnly) {
      const [tenant] = await queryRows<{ id: number }>(db, sql`select id from tenants where is_default`);
      await benchPayments({ database, config, tenantId: tenant!.id, runs });
      return;
    }
    if (documentsOnly) {
      const services = createServices(db, config);
      const session = await benchSession(services, db);
      await benchInvoicePdf({ services, session, invNos: await demoInvNos(db), runs });
      console.log(
        `load average: ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')} (${availableParallelism()} cores)`,
      );
      return;
    }
    await insertBulkInvoices(db, invoiceCount);
    await insertBulkDisputes(db);
    const [count] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from invoices`);
    console.log(`seeded ${count!.count} invoices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await insertBulkPayments(db, paymentCount);
    const [payments] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from payments`,
    );
    console.log(
      `seeded ${payments!.count} payment logs in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const services = createServices(db, config);
    const session = await benchSession(services, db);
    const [scope] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from invoices where cust_no = 'C10001' and tran_currency_code = 'USD' and status = 'O'`,
    );
    console.log(`grid scope (C10001, USD, open): ${scope!.count} invoices`);

    const sorts = ['dueDate', 'amount', 'invNo', 'balance'] as const;
    started = performance.now();
    const grid = await timeIt(runs, (run) =>
      services.invoices.list(session, {
        status: 'O',
        page: 1 + (run % 20),
        pageSize: 50,
        sort: sorts[run % sorts.length]!,
        dir: run % 2 ? 'desc' : 'asc',
      }),
    );
    console.log(`grid page of 50 (sorts ${sorts.join(', ')}, pages 1-20): ${describeTimes(grid)}`);
    const deep = await timeIt(Math.max(10, runs / 10), () =>
      services.invoices.list(session, { status: 'O', page: 1000, pageSize: 50, sort: 'dueDate', dir: 'asc' }),
    );
    console.log(`grid page 1000 of 50 by due date: ${describeTimes(deep)}`);
    const [disputeScope] = await queryRows<{ count: number; total: number }>(
      db,
      sql`select count(*) filter (where c.cust_no = 'C10001' and d.currency_code = 'USD')::int as count, count(*)::int as total
          from disputes d join customers c on c.id = d.customer_id`,
    );
    console.log(
      `dispute grid scope (C10001, USD): ${disputeScope!.count} disputes of ${disputeScope!.total}`,
    );
    const disputeSorts = ['createdOn', 'disputedAmount', 'invNo', 'dueDate'] as const;
    const disputeGrid = await timeIt(runs, (run) =>
      services.disputes.list(session, {
        page: 1 + (run % 20),
        pageSize: 50,
        sort: disputeSorts[run % disputeSorts.length]!,
        dir: run % 2 ? 'desc' : 'asc',
      }),
    );
    console.log(
      `dispute grid page of 50 (sorts ${disputeSorts.join(', ')}, pages 1-20): ${describeTimes(disputeGrid)}`,
    );
    await benchFarPages({
      label: 'dispute grid (newest first)',
      runs: Math.max(10, runs / 4),
      count: disputeScope!.count,
      pageSize: 50,
      list: (page, cursor) =>
        services.disputes.list(session, { page, pageSize: 50, sort: 'createdOn', dir: 'desc', cursor }),
    });
    await benchFilters({ services, session, runs });
    await benchPaymentLogs({ db, services, session, runs });
    await benchExports({ services, session });
    await benchInvoicePdf({ services, session, invNos: await demoInvNos(db), runs: 30 });
    const [tenant] = await queryRows<{ id: number }>(db, sql`select id from tenants where is_default`);
    await benchPayments({ database, config, tenantId: tenant!.id, runs });

    if (httpSeconds > 0) {
      // demo.full's account and currency with the most closed invoices: the deepest list to page.
      const [scope] = await queryRows<HttpScope>(
        db,
        sql`select c.cust_no as "custNo", t.currency_code as "currencyCode",
              coalesce(sum(t.count) filter (where t.status = 'O'), 0)::int as open,
              coalesce(sum(t.count) filter (where t.status = 'C'), 0)::int as closed,
              (select count(*)::int from disputes d where d.customer_id = c.id and d.currency_code = t.currency_code) as disputes,
              (select count(*)::int from payments p where p.customer_id = c.id and p.currency_code = t.currency_code) as payments
            from invoice_totals t join customers c on c.id = t.customer_id
            join user_customers uc on uc.customer_id = c.id join users u on u.id = uc.user_id
            where u.login_name = 'demo.full'
            group by c.id, t.currency_code order by 4 desc limit 1`,
      );
      // The server opens the database itself: PGlite's folder takes one process at a time.
      await database.close();
      closed = true;
      await benchHttp({ databaseUrl: url, dataDir, scope: scope!, seconds: httpSeconds });
      await benchStart({ root: path.resolve(import.meta.dirname, '../../..') });
    }
  } finally {
    if (!closed) await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** demo.full signed in, on C10001 in USD: the session every in-process stage runs as. */
async function benchSession(services: Services, db: Db) {
  const [user] = await queryRows<{ id: number; tenant_id: number }>(
    db,
    sql`select id, tenant_id from users where login_name = 'demo.full'`,
  );
  const created = await services.sessions.create({
    tenantId: user!.tenant_id,
    userId: user!.id,
    state: 'active',
    current: { custNo: 'C10001', currencyCode: 'USD' },
    ipAddress: '127.0.0.1',
    userAgent: 'bench',
  });
  return services.sessions.authenticate(created.token);
}

/** 50 of C10001's demo invoices (they have line items; the bulk ones have none). */
async function demoInvNos(db: Db): Promise<string[]> {
  const rows = await queryRows<{ inv_no: string }>(
    db,
    sql`select inv_no from invoices where cust_no = 'C10001' and inv_no not like 'BULK-%' order by id limit 50`,
  );
  return rows.map((row) => row.inv_no);
}

/** The ledger load on PGlite (a temporary folder) and, when DATABASE_URL is set, on a new PostgreSQL database. */
async function benchLedger(count: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-bench-ledger-'));
  const config = loadConfig({ ...UNTHROTTLED_ENV, ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  try {
    for (const databaseUrl of config.databaseUrl ? [config.databaseUrl, undefined] : [undefined]) {
      const { database, drop } = await openBenchDatabase(databaseUrl, dataDir);
      try {
        await database.migrate();
        await benchLedgerLoad({ db: database.db, engine: database.kind, count });
      } finally {
        await database.close();
        await drop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
