// The pinned Node.js runtime. The machines may run an older Node (20 is past end of life); the
// start and test commands then fetch the pinned Node from the npm registry (the platform package
// that the `node` package installs), check it against the integrity pinned here, unpack it into
// .runtime/, and run themselves again with it first on PATH, so that npm, the build, the server
// and the tests all run on it. The machine's own Node is left alone.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PINNED_NODE = '24.21.0';

/** sha512 of each platform package's tarball, as the registry's metadata gives it. */
const INTEGRITY = {
  'linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};

const root = path.resolve(import.meta.dirname, '..');
const platform = `${process.platform}-${process.arch}`;
export const runtimeDir = path.join(root, '.runtime', `node-v${PINNED_NODE}-${platform}`);
const runtimeNode = path.join(runtimeDir, 'bin', 'node');

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

function fetchRuntime() {
  const expected = INTEGRITY[platform];
  if (!expected) fail(`no pinned Node ${PINNED_NODE} for ${platform}: run with Node ${PINNED_NODE} on PATH`);
  console.error(`• fetching Node ${PINNED_NODE} (${platform}) from the npm registry into .runtime/…`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'settle-node-'));
  try {
    const pack = spawnSync(
      'npm',
      ['pack', `node-${platform}@${PINNED_NODE}`, '--json', '--pack-destination', work],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (pack.status !== 0) fail(`npm pack node-${platform}@${PINNED_NODE} failed (exit ${pack.status})`);
    const [{ filename }] = JSON.parse(pack.stdout);
    const tarball = path.join(work, filename);
    const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (actual !== expected) fail(`Node tarball integrity mismatch: expected ${expected}, got ${actual}`);
    const unpacked = path.join(work, 'unpacked');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], {
      stdio: 'inherit',
    });
    if (tar.status !== 0) fail('could not unpack the Node tarball');
    mkdirSync(path.dirname(runtimeDir), { recursive: true });
    rmSync(runtimeDir, { recursive: true, force: true });
    // Unpacked beside, then renamed: an interrupted fetch never leaves a half runtime behind.
    renameSync(unpacked, runtimeDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function runsOnSupportedNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const [pinnedMajor, pinnedMinor] = PINNED_NODE.split('.').map(Number);
  return major === pinnedMajor && minor >= pinnedMinor;
}

/**
 * Runs the calling script again on the pinned Node unless it already runs on a supported one
 * (the pinned major, at least the pinned minor). Resolves only in a process on a supported Node;
 * otherwise this process forwards signals to the re-run and exits with its exit code.
 */
export function ensurePinnedNode() {
  if (runsOnSupportedNode()) {
    // On stderr: an operator command's standard output stays its own answer.
    console.error(`• Node ${process.versions.node} (${process.execPath})`);
    return Promise.resolve();
  }
  if (!existsSync(runtimeNode)) fetchRuntime();
  console.error(
    `• the machine's Node is ${process.versions.node}: running on the pinned Node ${PINNED_NODE}`,
  );
  const child = spawn(runtimeNode, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: withPinnedNode(process.env),
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 1)));
  return new Promise(() => {});
}

/** The environment with the pinned Node first on PATH, so that npm and every tool run on it. */
export function withPinnedNode(env) {
  return { ...env, PATH: `${path.join(runtimeDir, 'bin')}${path.delimiter}${env.PATH ?? ''}` };
}
