// `npm start`: runs on the pinned Node, installs what is missing, builds the web app and the server
// when their sources changed, and starts the portal on the embedded database (./data), generating
// demo data on the first start.
//
// Two modes, one built server. The demo start (`npm start`) keeps the development aids on
// (DEV_OUTBOX: the outbox of texted codes and emails, captcha answers, registration links) and,
// without OIDC_* settings, runs a demo OpenID provider for the sso-demo tenant: what the README's
// demo sign-ins need. The production start (`npm run start:prod`, or NODE_ENV=production) has
// neither unless DEV_OUTBOX says otherwise.

import { ensureDependencies, ensureServerBuild, ensureWebBuild, spawnForwardingSignals } from './lib.mjs';
import { ensurePinnedNode } from './node-runtime.mjs';

await ensurePinnedNode();
const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';
const env = production
  ? { ...process.env, NODE_ENV: 'production' }
  : {
      ...process.env,
      NODE_ENV: 'production',
      DEV_OUTBOX: process.env.DEV_OUTBOX || 'true',
      // The demo's webhooks may go to a receiver on this machine; a production start refuses them.
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES || 'true',
    };
console.log(describeMode());
const startedAt = Date.now();
ensureDependencies();
ensureWebBuild();
ensureServerBuild();
console.log(`• starting Settle (prepared in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)…`);
spawnForwardingSignals(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], { env });

/** The first thing the start says: which mode, what it means, and how to get the other one. */
function describeMode() {
  const aidsOn = ['true', '1', 'yes'].includes(env.DEV_OUTBOX ?? '');
  const api = `http://localhost:${env.PORT || 3000}${env.API_BASE || '/getpaid-rest/api'}`;
  const aids = aidsOn
    ? `development aids on (texted codes and emails at ${api}/dev/outbox, captcha answers at ${api}/dev/captcha/<id>)`
    : 'development aids off';
  const sso = !aidsOn
    ? 'no demo OpenID provider'
    : env.OIDC_ISSUER
      ? 'single sign-on through OIDC_ISSUER'
      : 'a demo OpenID provider for /login?solutionInstanceGuid=sso-demo';
  return production
    ? `• production start: ${aids}, ${sso}; the demo start is \`npm start\``
    : `• demo start: ${aids} and ${sso}; for production run \`npm run start:prod\``;
}
