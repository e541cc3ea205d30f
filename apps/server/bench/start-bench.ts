import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The start stage: the built server (apps/server/dist, built by the HTTP stage or `npm start`)
 * started twice on one new PGlite folder, timed from spawn to the first 200 from /healthz. The
 * first start creates the database, applies the migrations and writes the demo data; the second
 * finds them in place, which is what a restart costs.
 */
export async function benchStart(options: { root: string }): Promise<{ first: number; second: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-start-'));
  try {
    const first = await timeStart(options.root, dataDir);
    const second = await timeStart(options.root, dataDir);
    console.log(
      `start on PGlite to /healthz: first ${first} ms (database created, demo data), second ${second} ms`,
    );
    return { first, second };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeStart(root: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // PGlite whatever the bench's own database is.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DEV_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    while (performance.now() - started < 300_000) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok)
          return Math.round(performance.now() - started);
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the server did not answer /healthz within 5 minutes');
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}
