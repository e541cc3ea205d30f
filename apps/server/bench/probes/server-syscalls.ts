// Probe: the system calls the built server makes per computed grid call (strace -c on its process).
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { API, signIn, startBuiltServer } from '../built-server';

const root = path.resolve(import.meta.dirname, '../../../..');
const server = await startBuiltServer({
  root,
  dataDir: '/tmp/perf',
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/settle_perf',
  env: { GRID_CACHE_MB: '0' },
});
const cookie = await signIn(server.base);
const url = `${server.base}${process.argv[2] ?? `${API}/invoices?custNo=C10002&currencyCode=GBP&pageSize=50&sort=dueDate&dir=asc&status=O&page=1`}`;
await autocannon({ url, connections: 32, duration: 2, headers: { cookie, 'accept-encoding': 'br' } });
const strace = spawn('strace', ['-c', '-f', '-p', String(server.process.pid)], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
await new Promise((r) => setTimeout(r, 500));
const r = await autocannon({
  url,
  connections: 32,
  duration: 4,
  headers: { cookie, 'accept-encoding': 'br' },
});
strace.kill('SIGINT');
await new Promise((r) => strace.on('exit', r));
console.log(r.requests.total, 'requests');
await server.stop();
