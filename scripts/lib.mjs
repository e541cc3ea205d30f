// Shared steps of the start and test commands: make a fresh clone runnable by itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Installs the locked packages when node_modules is missing or older than the lockfile.
 * `npm install` rather than `npm ci`: a registry mirror may hold only this platform's
 * binary of a package with per-platform optional dependencies, which `npm ci` refuses.
 */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (
    existsSync(marker) &&
    statSync(marker).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs
  )
    return;
  console.log('• installing npm packages…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function isStale(built, sources) {
  const sourceTimes = sources.map((p) => newestMtime(path.join(root, p)));
  return !existsSync(built) || Math.max(...sourceTimes) > statSync(built).mtimeMs;
}

/** Builds the web app when its output is missing or older than its sources. */
export function ensureWebBuild({ force = false } = {}) {
  const built = path.join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];
  if (!force && !isStale(built, sources)) return;
  console.log('• building the web app…');
  // A build that fails part-way can leave an index.html behind; without it the next start builds again.
  rmSync(built, { force: true });
  run('npm', ['run', 'build', '-w', '@settle/web', '--silent']);
}

/** Builds the server's JavaScript (apps/server/dist) when it is missing or older than its sources. */
export function ensureServerBuild({ force = false } = {}) {
  const built = path.join(root, 'apps/server/dist/server.js');
  const sources = ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'];
  if (!force && !isStale(built, sources)) return;
  console.log('• building the server…');
  run(process.execPath, ['apps/server/build.mjs']);
}

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium for the browser tests; never a test tool's own download. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('• installing Debian chromium for the browser tests…');
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (args) =>
    run(asRoot[0] ?? 'apt-get', [...asRoot.slice(1), ...(asRoot.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  // Waits for another apt or dpkg run (unattended upgrades, a parallel install) instead of failing.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
  apt([...lockWait, 'update', '-qq']);
  apt([...lockWait, 'install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
}

export function spawnForwardingSignals(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
