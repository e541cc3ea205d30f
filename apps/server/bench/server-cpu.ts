import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client';
import { seedDemo } from '../src/db/seed/seed-demo';
import { openBenchDatabase } from './bench-database';
import { API, cpuSecondsOf, signIn, startBuiltServer } from './built-server';
import { insertBulkInvoices } from './bulk-invoices';
import type { HttpScope } from './http-bench';

/**
 * The server's own CPU per grid call: the built server on PostgreSQL or PGlite, autocannon at 32
 * connections against each call, and the server process's CPU time (from /proc) divided by the
 * calls it answered. Several builds can be compared in one run on the same data (--server, once
 * per build, alternated --rounds times); --cpu-prof DIR writes a V8 profile of each server run.
 *
 *   DATABASE_URL=postgres://…/any npx tsx apps/server/bench/server-cpu.ts --invoices 100000
 *     a new database with the demo and 100,000 bench invoices, dropped at the end;
 *   DATABASE_URL=postgres://…/bench npx tsx apps/server/bench/server-cpu.ts
 *     an existing bench database (the demo and bench invoices already loaded), left as it is;
 *   npx tsx apps/server/bench/server-cpu.ts --invoices 200000 --data-dir DIR
 *     PGlite (no DATABASE_URL): a new folder DIR loaded so, kept for the next run, which names the
 *     same --data-dir without --invoices (a million loads for about 15 minutes on PGlite).
 */
const FILTER =
  "amount ge 100 and amount le 40000 and balance gt 0 and substringof('PO-5',poNumber) and terms eq 'Net 30'";
const SORTS = ['dueDate', 'amount', 'invNo', 'balance'] as const;

async function main() {
  const { values } = parseArgs({
    options: {
      invoices: { type: 'string' },
      'data-dir': { type: 'string' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '1' },
      server: { type: 'string', multiple: true },
      'cpu-prof': { type: 'string' },
      perf: { type: 'string' },
      only: { type: 'string' },
      connections: { type: 'string', default: '32' },
      'accept-encoding': { type: 'string', default: 'br, gzip' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  const keptDataDir = values['data-dir'];
  if (!databaseUrl && !keptDataDir) {
    throw new Error('Set DATABASE_URL (PostgreSQL) or --data-dir (a PGlite folder, kept after the run).');
  }
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'settle-cpu-'));
  const fresh = values.invoices ? await openBenchDatabase(databaseUrl, dataDir) : undefined;
  const url = fresh?.url ?? databaseUrl;
  try {
    const database = fresh?.database ?? (await openDatabase({ databaseUrl: url, dataDir }));
    if (fresh) {
      await database.migrate();
      await seedDemo(database.db, { invoices: 2000, seed: 1, today: new Date() });
      await insertBulkInvoices(database.db, Number(values.invoices));
    }
    const [scope] = await queryRows<HttpScope>(
      database.db,
      sql`select c.cust_no as "custNo", t.currency_code as "currencyCode",
            coalesce(sum(t.count) filter (where t.status = 'O'), 0)::int as open,
            coalesce(sum(t.count) filter (where t.status = 'C'), 0)::int as closed
          from invoice_totals t join customers c on c.id = t.customer_id
          join user_customers uc on uc.customer_id = c.id join users u on u.id = uc.user_id
          where u.login_name = 'demo.full'
          group by 1, 2 order by 3 desc limit 1`,
    );
    await database.close();
    const list = `${API}/invoices?custNo=${scope!.custNo}&currencyCode=${scope!.currencyCode}&pageSize=50`;
    const calls: Array<{ name: string; paths: () => string }> = [
      { name: '/healthz', paths: () => '/healthz' },
      { name: 'grid page 1 (one address)', paths: () => `${list}&status=O&page=1&sort=dueDate&dir=asc` },
      {
        name: 'grid pages 1-20, 4 sorts, both ways',
        paths: (() => {
          let n = 0;
          return () => {
            n += 1;
            const sort = SORTS[n % SORTS.length];
            return `${list}&status=O&page=${1 + (n % 20)}&sort=${sort}&dir=${n % 2 ? 'desc' : 'asc'}`;
          };
        })(),
      },
      {
        name: '5-term filter, page 1 (totals=separate)',
        paths: () =>
          `${list}&status=O&page=1&sort=dueDate&dir=asc&filter=${encodeURIComponent(FILTER)}&totals=separate`,
      },
    ].filter((call) => !values.only || call.name.includes(values.only));
    const servers = values.server ?? ['apps/server/dist/server.js'];
    const seconds = Number(values.seconds);
    const connections = Number(values.connections);
    console.log(
      `${url ? 'PostgreSQL' : 'PGlite'}, scope ${scope!.custNo}/${scope!.currencyCode} (${scope!.open} open); ${connections} connections, ${seconds} s per call, Accept-Encoding: ${values['accept-encoding']}`,
    );
    console.log('| round | server | call | req/s | p50 | p99 | server CPU ms/call | non-2xx | load |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (let round = 1; round <= Number(values.rounds); round += 1) {
      for (const script of servers) {
        const server = await startBuiltServer({
          root,
          script,
          dataDir,
          databaseUrl: url,
          nodeArgs: [
            ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : []),
            ...(values.perf ? ['--perf-basic-prof'] : []),
          ],
          // Every call computed (a new address each call must not come from the grid cache).
          env: { GRID_CACHE_MB: '0' },
        });
        try {
          const cookie = await signIn(server.base);
          const headers = { cookie, 'accept-encoding': values['accept-encoding'] };
          for (const call of calls) {
            const run = (duration: number) =>
              autocannon({
                url: server.base,
                connections,
                duration,
                requests: [
                  { method: 'GET', setupRequest: (request) => ({ ...request, path: call.paths() }) },
                ],
                headers,
              });
            // Warm: the JIT, the pool's connections and the prepared statements.
            await run(2);
            const before = cpuSecondsOf(server.process.pid!);
            // On-CPU samples of the server (perf counts no time spent waiting, unlike V8's sampler).
            const perf = values.perf
              ? spawn(
                  'perf',
                  [
                    'record',
                    '-F',
                    '499',
                    '-g',
                    '-p',
                    String(server.process.pid),
                    '-o',
                    `${values.perf}.${round}.${calls.indexOf(call)}`,
                  ],
                  { stdio: 'ignore' },
                )
              : undefined;
            const result = await run(seconds);
            if (perf) {
              perf.kill('SIGINT');
              await once(perf, 'exit');
            }
            const cpu = cpuSecondsOf(server.process.pid!) - before;
            const answered = result.requests.total;
            console.log(
              `| ${round} | ${script} | ${call.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${((cpu * 1000) / answered).toFixed(2)} | ${result.non2xx + result.errors} | ${loadavg()[0]!.toFixed(1)} |`,
            );
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await fresh?.drop();
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
