// `npm run admin -- …` and `npm run seed -- …`: an operator command of the built server, on the
// pinned Node, built first when its sources changed.

import { ensureDependencies, ensureServerBuild, spawnForwardingSignals } from './lib.mjs';
import { ensurePinnedNode } from './node-runtime.mjs';

const [entry, ...args] = process.argv.slice(2);
await ensurePinnedNode();
ensureDependencies();
ensureServerBuild();
spawnForwardingSignals(process.execPath, ['--enable-source-maps', `apps/server/dist/${entry}.js`, ...args]);
