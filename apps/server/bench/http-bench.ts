import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API, cpuSecondsOf, postgresCpuSeconds, signIn, startBuiltServer } from './built-server';

/**
 * The HTTP stage: the built server started on the bench's database (PostgreSQL when a URL is
 * given, else the PGlite folder), demo.full signed in, then autocannon at 32 connections for a
 * few seconds against /healthz and each grid call in the same run, printing req/s, p50, p99 and
 * the ratio of req/s to /healthz's, and the server process's CPU per call (user + system time over
 * the calls answered: steadier than latency on a shared machine). Twice: the server as it runs,
 * whose grid cache answers a call asked again, and the same database with the cache off, where
 * every call reads the database (what a page costs the first time it is asked).
 */
const CONNECTIONS = 32;
const FILTER =
  "amount ge 100 and amount le 40000 and balance gt 0 and substringof('PO-5',poNumber) and terms eq 'Net 30'";

export type HttpScope = {
  custNo: string;
  currencyCode: string;
  open: number;
  closed: number;
  disputes: number;
  payments: number;
};

export async function benchHttp(options: {
  databaseUrl?: string;
  dataDir: string;
  scope: HttpScope;
  seconds: number;
}): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const build = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  // The server as it runs (its grid cache on), then the same database served with the cache off:
  // what each call costs when it is asked for the first time.
  for (const cached of [true, false]) {
    await measure({ ...options, root, cached });
  }
}

const SORTS = ['dueDate', 'amount', 'invNo', 'balance'];

async function measure(options: {
  root: string;
  databaseUrl?: string;
  dataDir: string;
  scope: HttpScope;
  seconds: number;
  cached: boolean;
}): Promise<void> {
  const server = await startBuiltServer({
    root: options.root,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    env: options.cached ? {} : { GRID_CACHE_MB: '0' },
  });
  try {
    const { base } = server;
    console.log(
      `HTTP stage: built server on ${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}, /healthz after ${server.startedIn} ms, ${
        options.cached
          ? 'grid cache on (as it runs: a call asked again is answered from it while the data is unchanged)'
          : 'grid cache off (GRID_CACHE_MB=0: every call reads the database)'
      }`,
    );
    const cookie = await signIn(base);
    // As many sessions as connections (as many people at once), for the row that asks with them in turn.
    const cookies = await Promise.all(Array.from({ length: CONNECTIONS }, () => signIn(base)));
    const { scope } = options;
    const list = `${API}/invoices?custNo=${scope.custNo}&currencyCode=${scope.currencyCode}&pageSize=50&sort=dueDate&dir=asc`;
    const closedPages = Math.ceil(scope.closed / 50);
    // Page 1,001 of the issue's 1,352 closed pages lies at 74 % of the list: the same place here.
    const farPage = Math.min(1001, Math.max(2, Math.round(closedPages * 0.74)));
    const far = `${list}&status=C&page=${farPage}`;
    const farAnswer = (await (await fetch(`${base}${far}`, { headers: { cookie } })).json()) as {
      nextCursor: string | null;
    };
    const filtered = `${list}&status=O&page=1&filter=${encodeURIComponent(FILTER)}`;
    const one = (path: string) => () => path;
    const calls: Array<[string, () => string, boolean?]> = [
      ['/healthz', one('/healthz')],
      ['grid page 1 of 50 (open)', one(`${list}&status=O&page=1`)],
      [`grid page 1 of 50 (open), ${CONNECTIONS} sessions in turn`, one(`${list}&status=O&page=1`), true],
      [
        'grid pages 1-20, 4 sorts, both ways (160 addresses in turn)',
        (() => {
          let n = 0;
          return () => {
            n += 1;
            const sort = SORTS[n % SORTS.length];
            return `${list.replace('&sort=dueDate&dir=asc', '')}&status=O&page=${1 + (n % 20)}&sort=${sort}&dir=${n % 2 ? 'desc' : 'asc'}`;
          };
        })(),
      ],
      ['5-term filter, page 1 (totals=separate)', one(`${filtered}&totals=separate`)],
      ['5-term filter, its totals call', one(filtered.replace('/invoices?', '/invoices/totals?'))],
      [
        `closed page ${farPage.toLocaleString('en-US')} of ${closedPages.toLocaleString('en-US')} (no cursor)`,
        one(far),
      ],
      [
        `closed page ${(farPage + 1).toLocaleString('en-US')} by cursor (keyset)`,
        one(`${list}&status=C&page=${farPage + 1}&cursor=${farAnswer.nextCursor}`),
      ],
      // The other grids of the same account, on the same paging, totals and answer cache.
      [
        'dispute grid page 1 of 50 (newest first)',
        one(
          `${API}/disputes?custNo=${scope.custNo}&currencyCode=${scope.currencyCode}&pageSize=50&sort=createdOn&dir=desc&page=1`,
        ),
      ],
      [
        'payment log page 1 of 50 (newest first)',
        one(
          `${API}/payment/logs?custNo=${scope.custNo}&currencyCode=${scope.currencyCode}&pageSize=50&sort=createdAt&dir=desc&page=1`,
        ),
      ],
    ];
    console.log(
      `scope ${scope.custNo}/${scope.currencyCode}: ${scope.open.toLocaleString('en-US')} open, ${scope.closed.toLocaleString('en-US')} closed, ${scope.disputes.toLocaleString('en-US')} disputes, ${scope.payments.toLocaleString('en-US')} payments; ${CONNECTIONS} connections, ${options.seconds} s each, brotli accepted`,
    );
    let turn = 0;
    const run = (paths: () => string, duration: number, manySessions = false) =>
      autocannon({
        url: `${base}${paths()}`,
        connections: CONNECTIONS,
        duration,
        headers: { cookie, 'accept-encoding': 'br, gzip' },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              turn += 1;
              const headers = manySessions
                ? { ...request.headers, cookie: cookies[turn % cookies.length]! }
                : request.headers;
              return { ...request, headers, path: paths() };
            },
          },
        ],
      });
    // One unmeasured round first: a fresh server (PGlite above all) reads its folder into cache on
    // the first queries, which would otherwise be charged to whichever call comes first.
    for (const [name, paths, manySessions] of calls) {
      // A refused or failing call is reported, not measured.
      const probe = await fetch(`${base}${paths()}`, { headers: { cookie } });
      if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
      await run(paths, 2, manySessions);
    }
    // Where each call's CPU went: the server, PostgreSQL (PGlite runs inside the server) and the
    // load generator (autocannon, in this process). Their sum bounds what the machine's cores can
    // answer, and by Little's law the least mean latency 32 connections can see, however the calls
    // are scheduled: a p99 bar near or under that mean is out of reach on these cores.
    const cores = availableParallelism();
    console.log(
      `| call | req/s | p50 | p99 | vs /healthz | server CPU per call | PostgreSQL CPU per call | load generator CPU per call | calls/s ${cores} cores allow | least mean latency at ${CONNECTIONS} connections | non-2xx |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    let healthRate = 0;
    for (const [name, paths, manySessions] of calls) {
      await settle(base);
      const cpuBefore = cpuSecondsOf(server.process.pid!);
      const postgresBefore = options.databaseUrl ? postgresCpuSeconds() : 0;
      const generatorBefore = process.cpuUsage();
      const result = await run(paths, options.seconds, manySessions);
      const perCall = (seconds: number) => (seconds * 1000) / result.requests.total;
      const cpuMs = perCall(cpuSecondsOf(server.process.pid!) - cpuBefore);
      // PostgreSQL's processes are summed from /proc: one that ended during the run takes its time
      // with it, so a call PostgreSQL hardly served can come out a little below zero.
      const postgresMs = options.databaseUrl
        ? Math.max(0, perCall(postgresCpuSeconds() - postgresBefore))
        : 0;
      const generator = process.cpuUsage(generatorBefore);
      const generatorMs = perCall((generator.user + generator.system) / 1e6);
      const allowed = (cores * 1000) / (cpuMs + postgresMs + generatorMs);
      const rate = result.requests.average;
      if (name === '/healthz') healthRate = rate;
      const ratio = healthRate > 0 ? rate / healthRate : 0;
      console.log(
        `| ${name} | ${Math.round(rate).toLocaleString('en-US')} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${ratio.toFixed(3)} | ${cpuMs.toFixed(2)} ms | ${options.databaseUrl ? `${postgresMs.toFixed(2)} ms` : 'in the server'} | ${generatorMs.toFixed(2)} ms | ${Math.round(allowed).toLocaleString('en-US')} | ${((CONNECTIONS * 1000) / allowed).toFixed(1)} ms | ${result.non2xx + result.errors} |`,
      );
    }
    console.log(
      `load average after the HTTP stage: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} (2 cores)`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * Waits until /healthz answers within 100 ms again: the calls a finished run left queued (PGlite
 * serves one query at a time, in the server's own thread) would otherwise be charged to the next.
 */
async function settle(base: string): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const asked = performance.now();
    await fetch(`${base}/healthz`);
    if (performance.now() - asked < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
