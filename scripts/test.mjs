// `npm test`: the whole suite from a fresh clone. Lint and types, unit + route + component
// tests (Vitest), then a production build and the browser flows in Debian's Chromium.
// `npm test -- --postgres` (CI) also runs the server tests on PostgreSQL (npm run test:postgres)
// beside the browser flows: those run one file at a time and leave a core mostly idle.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureServerBuild, ensureWebBuild, root, run } from './lib.mjs';
import { ensurePinnedNode } from './node-runtime.mjs';

await ensurePinnedNode();

const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = path.join(root, 'node_modules/.bin/vitest');

/** A Vitest run of one tier, its JSON report in test-results/<name>.json; answers its exit status. */
function vitestRun(name, args, options = {}) {
  const result = spawnSync(
    vitest,
    [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, `${name}.json`)}`,
      ...(options.reporters ?? []).map((reporter) => `--reporter=${reporter}`),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } },
  );
  return result.status ?? 1;
}

ensureDependencies();
ensureChromium();

console.log('\n• lint (biome) and types (tsc)');
run(path.join(root, 'node_modules/.bin/biome'), ['check', '.']);
for (const project of ['packages/shared', 'apps/server', 'apps/web']) {
  run(path.join(root, 'node_modules/.bin/tsc'), ['-p', project, '--noEmit']);
}

const withPostgres = process.argv.includes('--postgres');

/** Each tier's exit status: a tier that failed outside its tests (a setup, a crash) fails the run too. */
const statuses = new Map();
console.log('\n• unit-route-component');
statuses.set('unit-route-component', vitestRun('unit-route-component', []));
const retriedFile = path.join(reports, 'browser-retried.json');
// A failing first tier ends the run here, its failures named below like any other's.
if (statuses.get('unit-route-component') === 0) {
  ensureWebBuild({ force: true });
  ensureServerBuild({ force: true });
  // After the builds: the server tests' spawned processes run the built server.
  const postgres = withPostgres ? startPostgresTier() : null;
  console.log('\n• browser');
  statuses.set(
    'browser',
    vitestRun('browser', ['--config', 'vitest.e2e.config.ts'], {
      reporters: ['./apps/web/e2e/support/retried-tests-reporter.ts'],
      env: { SETTLE_RETRIED_TESTS_FILE: retriedFile },
    }),
  );
  if (postgres) statuses.set('postgres', await postgres.finished());
}

let passed = 0;
let failed = 0;
// Named again at the very end: a CI log may keep only its tail, and the failures scroll far above it.
const failures = [];
for (const [name, status] of statuses) {
  const file = path.join(reports, `${name}.json`);
  const named = failures.length;
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { testResults: [] };
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  nameFailures(name, report);
  if (status !== 0 && failures.length === named) {
    failures.push(`${name}: exited ${status} with no failed test named (see its output above)`);
  }
}
if (passed === 0) console.error('No test ran.');
const retried = existsSync(retriedFile) ? JSON.parse(readFileSync(retriedFile, 'utf8')) : [];
if (retried.length > 0) {
  console.log(
    `\n! passed only on a retry (flaky; vitest.e2e.config.ts allows one):\n${retried
      .map((flow) => `  browser: ${flow.file} > ${flow.test}`)
      .join('\n')}`,
  );
}
if (failures.length > 0) console.log(`\n✗ failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\nsettle: ${passed} passed, ${failed} failed`);
process.exit(
  passed > 0 && failures.length === 0 && [...statuses.values()].every((status) => status === 0) ? 0 : 1,
);

/** The failed tests of one tier's JSON report, and its files that failed outside any test. */
function nameFailures(name, report) {
  for (const testFile of report.testResults ?? []) {
    const relative = path.relative(root, testFile.name);
    if (testFile.status === 'failed' && testFile.assertionResults.every((test) => test.status !== 'failed')) {
      failures.push(
        `${name}: ${relative}: ${firstLine(testFile.message) || 'the file failed outside its tests'}`,
      );
    }
    for (const test of testFile.assertionResults) {
      if (test.status !== 'failed') continue;
      failures.push(`${name}: ${relative} > ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}

function firstLine(text) {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/**
 * `npm run test:postgres` in the background, on one worker (the browser flows keep the other core),
 * its output kept in test-results/postgres.log and printed once it ends, so that the two tiers'
 * lines do not interleave.
 */
function startPostgresTier() {
  const logFile = path.join(reports, 'postgres.log');
  const log = openSync(logFile, 'w');
  console.log(`\n• server tests on PostgreSQL, beside the browser flows (output in ${logFile})`);
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'scripts/test-server-on-postgres.mjs'),
      '--maxWorkers=1',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'postgres.json')}`,
    ],
    { cwd: root, stdio: ['ignore', log, log] },
  );
  const exited = once(child, 'exit');
  return {
    async finished() {
      const [code, signal] = await exited;
      closeSync(log);
      console.log('\n• server tests on PostgreSQL (run beside the browser flows)');
      process.stdout.write(readFileSync(logFile, 'utf8'));
      if (code !== 0) console.error(`\n✗ the server tests on PostgreSQL failed (exit ${code ?? signal})`);
      return code ?? 1;
    },
  };
}
