// `npm run bench [-- options]`: the server bench (apps/server/bench/run.ts) with the options given,
// then the first-visit web bench (`npm run bench:web`) unless `--only` chose one stage of the
// server bench. npm appends a script's arguments to the end of its command line, which for
// `run.ts && npm run bench:web` handed them to the second npm (as npm's own settings) and none to
// run.ts; here they reach run.ts alone.
import path from 'node:path';
import { root, run } from './lib.mjs';

const args = process.argv.slice(2);
run(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/bench/run.ts', ...args]);
const onlyOneStage = args.some((arg) => arg === '--only' || arg.startsWith('--only='));
if (!onlyOneStage) run('npm', ['run', 'bench:web']);
