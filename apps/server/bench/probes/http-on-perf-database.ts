// Probe (not part of the bench): the HTTP stage alone, on the settle_perf database build-perf-database.ts made.
// Usage: npx tsx apps/server/bench/probes/http-on-perf-database.ts
import { benchHttp } from '../http-bench';

await benchHttp({
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/settle_perf',
  dataDir: '/tmp/perf',
  scope: {
    custNo: 'C10002',
    currencyCode: 'GBP',
    open: 51360,
    closed: 25791,
    disputes: 4532,
    payments: 76959,
  },
  seconds: 5,
});
