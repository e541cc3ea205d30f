import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export type LaunchedServer = {
  baseURL: string;
  /** The instance's DATA_DIR: operator commands (npm run admin) take it to reach this portal. */
  dataDir: string;
  stop: () => Promise<void>;
};

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

/**
 * The production server on a fresh embedded database with demo data, as `npm start` runs it,
 * with the given settings on top. Its output goes to test-results/<name>.log.
 */
export async function launchServer(options: {
  name: string;
  env?: Record<string, string>;
  /** A port chosen beforehand (when another peer must know the address first). */
  port?: number;
}): Promise<LaunchedServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-e2e-'));
  mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true });
  const log = createWriteStream(path.join(REPO_ROOT, 'test-results', `${options.name}.log`));
  const server: ChildProcess = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    ['apps/server/src/server.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        // The flows read texted codes, emails and captcha answers from the development outbox.
        DEV_OUTBOX: 'true',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`server exited with ${server.exitCode}; see test-results/${options.name}.log`);
    }
    // Ready, and the demo data seeded (config.js answers once the default tenant exists).
    const ready = await fetch(`${baseURL}/getpaid-rest/api/config.js`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('server did not become ready in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    dataDir,
    stop: async () => {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
