// `npm start`: installs what is missing, builds the web app if needed, and starts the
// portal on the embedded database (./data), generating demo data on the first start.
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, root, spawnForwardingSignals } from './lib.mjs';

const startedAt = Date.now();
ensureDependencies();
ensureWebBuild();
console.log(`• starting Settle (prepared in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)…`);
spawnForwardingSignals(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
  env: { NODE_ENV: 'production', ...process.env },
});
