import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

type TimedStart = { ms: number; phases: string };

/**
 * The start stage: the built server (apps/server/dist, built by the HTTP stage, `npm start`, or
 * here with `build`) started on one new PGlite folder, timed from spawn to the first 200 from
 * /healthz. The first start creates the database, applies the migrations and writes the demo
 * data; each restart finds them in place, which is what a restart costs. The machine is shared
 * and noisy, so the restarts are several and their median is the figure; the median restart's
 * own account of its time (SETTLE_START_TIMING) is printed under it.
 */
export async function benchStart(options: {
  root: string;
  restarts?: number;
  build?: boolean;
}): Promise<{ first: number; second: number }> {
  if (options.build) {
    const built = spawnSync(process.execPath, ['apps/server/build.mjs'], {
      cwd: options.root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the server build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-start-'));
  try {
    const first = await timeStart(options.root, dataDir);
    const restarts: TimedStart[] = [];
    for (let run = 0; run < Math.max(1, options.restarts ?? 5); run += 1) {
      restarts.push(await timeStart(options.root, dataDir));
    }
    const sorted = [...restarts].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.log(
      `start on PGlite to /healthz: first ${first.ms} ms (database created, demo data), second ${median.ms} ms ` +
        `(median of ${restarts.length} restarts: ${restarts.map((run) => run.ms).join(', ')} ms; ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} on the machine)`,
    );
    if (median.phases) console.log(`  that restart, in the server's own words:\n${median.phases}`);
    return { first: first.ms, second: median.ms };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeStart(root: string, dataDir: string): Promise<TimedStart> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const started = performance.now();
  // PGlite whatever the bench's own database is.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      // The sandbox's default port (PORT + 1) may be another process's.
      PAYMENT_SANDBOX_PORT: String(sandboxPort),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DEV_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SETTLE_START_TIMING: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let phases = '';
  server.stderr.setEncoding('utf8');
  server.stderr.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (/^\s+\d+ ms\s+\+/.test(line)) phases += `${phases ? '\n' : ''}  ${line}`;
      else if (line.trim() && !line.startsWith('start timing') && !line.includes('oidc-provider WARNING'))
        process.stderr.write(`${line}\n`);
    }
  });
  let ms: number | undefined;
  try {
    while (ms === undefined) {
      if (performance.now() - started > 300_000)
        throw new Error('the server did not answer /healthz within 5 minutes');
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok)
          ms = Math.round(performance.now() - started);
      } catch {
        // not listening yet
      }
      if (ms === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  // Read once the process has ended: its timing lines are all in by then.
  return { ms, phases };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}
