// `npm start`: runs on the pinned Node, installs what is missing, builds the web app and the server
// when their sources changed, and starts the portal on the embedded database (./data), generating
// demo data on the first start.

import { ensureDependencies, ensureServerBuild, ensureWebBuild, spawnForwardingSignals } from './lib.mjs';
import { ensurePinnedNode } from './node-runtime.mjs';

await ensurePinnedNode();
const startedAt = Date.now();
ensureDependencies();
ensureWebBuild();
ensureServerBuild();
console.log(`• starting Settle (prepared in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)…`);
spawnForwardingSignals(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  env: { NODE_ENV: 'production', ...process.env },
});
