// Probe (not part of the bench): a CPU profile of the built server (--cpu-prof into /tmp/prof) under autocannon on
// the settle_perf database of build-perf-database.ts.
import path from 'node:path';
import autocannon from 'autocannon';
import { API, signIn, startBuiltServer } from '../built-server';

const root = path.resolve(import.meta.dirname, '../../../..');
const server = await startBuiltServer({
  root,
  dataDir: '/tmp/perf',
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/settle_perf',
  nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'],
  // GRID_CACHE_MB=0 npx tsx apps/server/bench/probes/server-cpu-profile.ts: the computed page's profile.
  env: process.env.GRID_CACHE_MB ? { GRID_CACHE_MB: process.env.GRID_CACHE_MB } : {},
});
const cookie = await signIn(server.base);
const url = `${server.base}${API}/invoices?custNo=C10002&currencyCode=GBP&pageSize=50&sort=dueDate&dir=asc&status=O&page=1`;
await autocannon({ url, connections: 32, duration: 2, headers: { cookie, 'accept-encoding': 'br' } });
const r = await autocannon({
  url,
  connections: 32,
  duration: 8,
  headers: { cookie, 'accept-encoding': 'br' },
});
console.log(Math.round(r.requests.average), 'req/s', r.latency.p50, r.latency.p99);
await server.stop();
