import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The server's API_BASE (its default): where the REST calls go. */
export const API_BASE = '/getpaid-rest/api';

export type LaunchedServer = {
  baseURL: string;
  /** The instance's DATA_DIR: operator commands (npm run admin) take it to reach this portal. */
  dataDir: string;
  stop: () => Promise<void>;
};

/**
 * Resolves when the server logs that it is ready: it listens, and the demo data is seeded
 * (server.ts seeds before it listens). Rejects when it exits first or takes over 90 s.
 */
function ready(server: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    // A listener next to the pipe into the log (not readline, whose close would pause the stream).
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes('Settle is ready at')) finish();
    };
    const finish = (error?: Error) => {
      clearTimeout(timer);
      server.stdout?.off('data', onData);
      server.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onExit = (code: number | null) =>
      finish(new Error(`server exited with ${code}; see test-results/${name}.log`));
    const timer = setTimeout(
      () => finish(new Error(`server did not become ready in 90 s; see test-results/${name}.log`)),
      90_000,
    );
    server.stdout?.on('data', onData);
    server.once('exit', onExit);
  });
}

/**
 * Moves the clock of the server's session time-outs forward (POST {api}/dev/clock/advance):
 * only a server launched with `testClock` has the route.
 */
export async function advanceServerClock(baseURL: string, minutes: number): Promise<void> {
  // The route is a write: the XSRF header must match the XSRF cookie (no session needed).
  const xsrf = 'test-clock';
  const response = await fetch(`${baseURL}${API_BASE}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ minutes }),
  });
  if (!response.ok) throw new Error(`the clock did not move: ${response.status} ${await response.text()}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A portal process on a fresh embedded database, logging to test-results/<name>.log, once ready. */
async function spawnPortal(options: {
  name: string;
  args: string[];
  env: (dataDir: string) => NodeJS.ProcessEnv;
  port: number;
}): Promise<LaunchedServer & { logFile: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-e2e-'));
  mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
  const logFile = path.join(REPO_ROOT, 'test-results', `${options.name}.log`);
  const log = createWriteStream(logFile);
  const server: ChildProcess = spawn(process.execPath, options.args, {
    cwd: REPO_ROOT,
    env: options.env(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await ready(server, options.name);
  return {
    baseURL: `http://127.0.0.1:${options.port}`,
    dataDir,
    logFile,
    stop: async () => {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The production server on a fresh embedded database with demo data, with the development aids
 * on (as the demo start has them) and the given settings on top. Its output goes to
 * test-results/<name>.log.
 */
export async function launchServer(options: {
  name: string;
  env?: Record<string, string>;
  /** A port chosen beforehand (when another peer must know the address first). */
  port?: number;
  /** The session clock that advanceServerClock moves forward (SETTLE_TEST_CLOCK=1). */
  testClock?: boolean;
}): Promise<LaunchedServer & { logFile: string }> {
  const port = options.port ?? (await freePort());
  // The sandbox payment provider's port is chosen too: PORT + 1 may be another test's portal.
  const sandboxPort = await freePort();
  // The built server on the Node running the tests (the pinned one).
  return spawnPortal({
    name: options.name,
    port,
    args: ['--enable-source-maps', 'apps/server/dist/server.js'],
    env: (dataDir) => ({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      // The flows read texted codes, emails and captcha answers from the development outbox.
      DEV_OUTBOX: 'true',
      // ready() waits for the server's "ready" line, an info line.
      LOG_LEVEL: 'info',
      PAYMENT_SANDBOX_PORT: String(sandboxPort),
      // The flows sign in and load pages far more often than a person: the limits are settings.
      RATE_LIMIT_PER_ADDRESS: '1000000',
      RATE_LIMIT_PER_USER: '1000000',
      RATE_LIMIT_SIGN_IN: '1000000',
      RATE_LIMIT_CAPTCHA: '1000000',
      RATE_LIMIT_REGISTRATION: '1000000',
      RATE_LIMIT_UPLOADS: '1000000',
      RATE_LIMIT_PAYMENT_STARTS: '1000000',
      ...(options.testClock ? { SETTLE_TEST_CLOCK: '1' } : {}),
      ...options.env,
    }),
  });
}

/** The settings of this machine's environment that would change what the start command does. */
const START_SETTINGS =
  /^(NODE_ENV|DEV_OUTBOX|OIDC_.*|DATABASE_URL|PUBLIC_ORIGIN|SETTLE_TEST_CLOCK|LOG_LEVEL)$/;

/**
 * The README's start command itself (`npm start` is `node scripts/start.mjs`; with
 * `production`, `npm run start:prod`), with nothing set but a free PORT and a temporary
 * DATA_DIR. It builds only what is out of date: after `npm run build`, nothing. Its whole
 * output, from its first line, is in `logFile`; its address is the README's `localhost`.
 */
export async function launchStartCommand(options: {
  name: string;
  production?: boolean;
}): Promise<LaunchedServer & { logFile: string }> {
  const port = await freePort();
  const inherited = Object.entries(process.env).filter(([key]) => !START_SETTINGS.test(key));
  const portal = await spawnPortal({
    name: options.name,
    port,
    args: ['scripts/start.mjs', ...(options.production ? ['--production'] : [])],
    env: (dataDir) => ({ ...Object.fromEntries(inherited), PORT: String(port), DATA_DIR: dataDir }),
  });
  return { ...portal, baseURL: `http://localhost:${port}` };
}
