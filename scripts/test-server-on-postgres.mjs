// The server tests again on a real PostgreSQL (CI runs them after `npm test`), on the pinned Node.
import path from 'node:path';
import { ensureDependencies, root, run } from './lib.mjs';
import { ensurePinnedNode } from './node-runtime.mjs';

await ensurePinnedNode();
ensureDependencies();
const databaseUrl = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
console.log(`\n• server tests on PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})`);
// Further arguments go to Vitest (npm test --postgres passes its worker count and reporters).
run(path.join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'server', ...process.argv.slice(2)], {
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
