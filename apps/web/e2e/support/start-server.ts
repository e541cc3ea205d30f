import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from './oidc-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The loopback OpenID provider the portal's single sign-on uses. */
    oidcIssuer: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
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

/** The production server on a fresh embedded database with demo data, as `npm start` runs it. */
export default async function startServer(project: TestProject) {
  const port = await freePort();
  // Started first: the portal discovers it at the first single sign-on.
  const oidc = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/sso` });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-e2e-'));
  const log = createWriteStream(path.join(root, 'test-results', 'e2e-server.log'));
  const server: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        // The sign-in-steps flow reads the texted codes from the development outbox.
        DEV_OUTBOX: 'true',
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}; see test-results/e2e-server.log`);
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    const seeded =
      ready &&
      (await fetch(`${baseURL}/getpaid-rest/api/config.js`).then(
        (r) => r.ok,
        () => false,
      ));
    if (seeded) break;
    if (Date.now() > deadline) throw new Error('server did not become ready in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('oidcIssuer', oidc.issuer);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await oidc.close();
  };
}
