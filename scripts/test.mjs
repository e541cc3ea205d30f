// `npm test`: the whole suite from a fresh clone. Lint and types, unit + route + component
// tests (Vitest), then a production build and the browser flows in Debian's Chromium.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureDependencies, ensureServerBuild, ensureWebBuild, root, run } from './lib.mjs';
import { ensurePinnedNode } from './node-runtime.mjs';

await ensurePinnedNode();

const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = path.join(root, 'node_modules/.bin/vitest');

function vitestRun(name, args) {
  console.log(`\n• ${name}`);
  run(vitest, [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ]);
}

ensureDependencies();
ensureChromium();

console.log('\n• lint (biome) and types (tsc)');
run(path.join(root, 'node_modules/.bin/biome'), ['check', '.']);
for (const project of ['packages/shared', 'apps/server', 'apps/web']) {
  run(path.join(root, 'node_modules/.bin/tsc'), ['-p', project, '--noEmit']);
}

vitestRun('unit-route-component', []);
ensureWebBuild({ force: true });
ensureServerBuild({ force: true });
vitestRun('browser', ['--config', 'vitest.e2e.config.ts']);

let passed = 0;
let failed = 0;
for (const name of ['unit-route-component', 'browser']) {
  const file = path.join(reports, `${name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
if (passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
console.log(`\nsettle: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
