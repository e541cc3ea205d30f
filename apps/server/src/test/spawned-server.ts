import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverRoot } from '../lib/package-root';

const BUILT_SERVER = path.join(serverRoot, 'dist/server.js');

function newestChange(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(): boolean {
  if (!existsSync(BUILT_SERVER)) return true;
  const built = statSync(BUILT_SERVER).mtimeMs;
  const sources = [path.join(serverRoot, 'src'), path.join(serverRoot, '../../packages/shared/src')];
  return sources.some((source) => newestChange(source) > built);
}

/**
 * The production build (apps/server/build.mjs) the spawned processes run, rebuilt when a source is
 * newer. Test files running side by side take turns through a lock directory (mkdir is atomic),
 * so that one build does not delete dist/ under another's processes.
 */
export async function ensureServerBuilt(): Promise<string> {
  const lock = path.join(serverRoot, '.build-lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} is held for over 2 minutes: remove it`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    if (isStale()) {
      const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverRoot, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`the server build failed:\n${built.stderr}`);
    }
  } finally {
    rmdirSync(lock);
  }
  return BUILT_SERVER;
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

export type SpawnedServer = {
  name: string;
  baseURL: string;
  port: number;
  process: ChildProcess;
  /** Everything the process wrote, stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM (the graceful stop) unless told otherwise; resolves when the process is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<number | string>;
};

/**
 * One built server process (dist/server.js) on 127.0.0.1, started with these settings on top of a
 * quiet production configuration, once it logs that it is ready. Fails with its output when it
 * exits first or is not ready in 60 s.
 */
export async function spawnServer(options: {
  name: string;
  env: Record<string, string>;
  port?: number;
  /** More options for node (a bench's --cpu-prof). */
  nodeArgs?: string[];
}): Promise<SpawnedServer> {
  const script = await ensureServerBuilt();
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeArgs ?? []), script], {
    cwd: path.join(serverRoot, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SEED_DEMO_DATA: 'false',
      DEV_OUTBOX: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`${options.name} was not ready in 60 s:\n${output}`));
    }, 60_000);
    const poll = setInterval(() => {
      if (output.includes('Settle is ready at')) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    }, 25);
    void exited.then((code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`${options.name} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    name: options.name,
    baseURL: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output: () => output,
    exited,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A browser's cookie jar over real HTTP, that may send each call to another server process (the
 * load balancer's choice): keeps cookies and echoes XSRF-TOKEN into X-XSRF-TOKEN on writes.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();

  constructor(readonly apiBase: string) {}

  async call(
    baseURL: string,
    method: string,
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; headers: Headers; text: string; json: () => ReturnType<typeof JSON.parse> }> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = xsrf;
    let body: FormData | string | undefined;
    if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${baseURL}${this.apiBase}${url}`, { method, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
  }

  /** Config first (it hands out the XSRF cookie), then the password step. */
  async signIn(baseURL: string, loginName: string, password: string) {
    await this.call(baseURL, 'GET', '/config.js');
    return this.call(baseURL, 'POST', '/auth/login', { body: { loginName, password } });
  }
}
