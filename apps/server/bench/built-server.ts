import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { UNTHROTTLED_ENV } from './unthrottled';

export const API = '/getpaid-rest/api';

/** The built server (apps/server/dist/server.js or a copy of an older build) started for a bench. */
export async function startBuiltServer(options: {
  root: string;
  script?: string;
  dataDir: string;
  databaseUrl?: string;
  nodeArgs?: string[];
  /** More settings for this server (GRID_CACHE_MB=0: every call reads the database). */
  env?: Record<string, string>;
}): Promise<{ base: string; process: ChildProcess; startedIn: number; stop(): Promise<void> }> {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script ?? 'apps/server/dist/server.js'],
    {
      cwd: options.root,
      env: {
        ...UNTHROTTLED_ENV,
        ...process.env,
        PORT: String(port),
        // Its own free port: PORT + 1 (the default) may be taken on a machine running other benches.
        PAYMENT_SANDBOX_PORT: String(await freePort()),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        DEV_OUTBOX: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: options.dataDir,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...options.env,
      },
      stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    await once(server, 'exit');
  };
  try {
    const startedIn = await waitForHealth(base, server);
    return { base, process: server, startedIn, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The CPU seconds (user + system) a process has used so far, from /proc: read from outside, so
 * that the measure adds nothing to the server's own work; on a shared machine a run's CPU per
 * call stays steady where its latency does not.
 */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/**
 * The CPU seconds every PostgreSQL process on this machine has used so far (a local server): with
 * the server's and the load generator's own, where a loaded machine's time went.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += cpuSecondsOf(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** Linux's USER_HZ, 100 on every architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

async function waitForHealth(base: string, server: ChildProcess): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return Math.round(performance.now() - started);
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not answer /healthz within 2 minutes');
}

/** A user's session cookie, signed in as the browser does (XSRF cookie first). */
export async function signIn(base: string, loginName = 'demo.full'): Promise<string> {
  const config = await fetch(`${base}${API}/config.js`);
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  keep(config);
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const login = await fetch(`${base}${API}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ loginName, password: 'Settle-demo-2026' }),
  });
  if (!login.ok) throw new Error(`${loginName} could not sign in: ${login.status} ${await login.text()}`);
  keep(login);
  return cookieHeader();
}
