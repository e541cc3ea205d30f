import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { DEMO_SSO_ACCOUNT } from '../../../server/src/dev/demo-sso';
import { startOidcProvider } from '../../../server/src/dev/oidc-provider';
import { freePort, launchServer } from './launch-server';
import { findSecretsInLog } from './log-secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /**
     * The shared portal's DATA_DIR: operator commands (`npm run admin` with this DATA_DIR) reach it
     * through its admin socket, so a flow that needs an operator's setting need not start a portal.
     */
    dataDir: string;
    /** The loopback OpenID provider the portal's single sign-on uses. */
    oidcIssuer: string;
  }
}

/**
 * The production server on a fresh embedded database with demo data, with the development aids
 * on, and a real OpenID provider (the demo's and the server tests' own) set with explicit
 * OIDC_* settings for its single sign-on: the browser signs in on the provider's page as the
 * demo's demo.sso account.
 */
export default async function startServer(project: TestProject) {
  const port = await freePort();
  const client = {
    clientId: 'settle-portal',
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUris: [`http://127.0.0.1:${port}/sso`],
  };
  // Started first: the portal discovers it at the first single sign-on.
  const oidc = await startOidcProvider({ clients: [client], accounts: [DEMO_SSO_ACCOUNT] });
  const server = await launchServer({
    name: 'e2e-server',
    port,
    env: {
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
      // The integration flow's webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  project.provide('oidcIssuer', oidc.issuer);
  return async () => {
    await server.stop();
    await oidc.close();
    // The log of the whole browser run: no password, cookie, token or code may be in it.
    const findings = findSecretsInLog(readFileSync(server.logFile, 'utf8'));
    if (findings.length > 0) {
      throw new Error(`secrets in the server log (${server.logFile}):\n${findings.join('\n')}`);
    }
  };
}
