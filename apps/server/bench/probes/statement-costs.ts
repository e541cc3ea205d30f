// Probe: the statements one computed grid call runs on PostgreSQL and what each costs there (parse, bind
// where an unnamed or custom-planned statement is planned, execute), read from the server log with
// log_min_duration_statement set for three calls. Needs the settle_perf database of build-perf-database.ts.
// Usage: npx tsx apps/server/bench/probes/statement-costs.ts [API path]; then read /var/log/postgresql/*.log after MARK-START.

import path from 'node:path';
import pg from 'pg';
import { API, signIn, startBuiltServer } from '../built-server';

const root = path.resolve(import.meta.dirname, '../../../..');
const url = 'postgres://postgres@127.0.0.1:5432/settle_perf';
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const server = await startBuiltServer({
  root,
  dataDir: '/tmp/perf',
  databaseUrl: url,
  env: { GRID_CACHE_MB: '0' },
});
const cookie = await signIn(server.base);
const path1 =
  process.argv[2] ??
  `${API}/invoices?custNo=C10002&currencyCode=GBP&pageSize=50&sort=dueDate&dir=asc&status=O&page=1`;
for (let i = 0; i < 30; i++) await fetch(`${server.base}${path1}`, { headers: { cookie } });
await admin.query('alter system set log_min_duration_statement = 0');
await admin.query('select pg_reload_conf()');
await new Promise((r) => setTimeout(r, 300));
await admin.query("select 'MARK-START'");
for (let i = 0; i < 3; i++) await fetch(`${server.base}${path1}`, { headers: { cookie } });
await admin.query('alter system reset log_min_duration_statement');
await admin.query('select pg_reload_conf()');
await admin.end();
await server.stop();
