import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startOidcTestProvider } from '../../../server/src/test/oidc-test-provider';
import { freePort, launchServer } from './launch-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The loopback OpenID provider the portal's single sign-on uses. */
    oidcIssuer: string;
  }
}

/**
 * The production server on a fresh embedded database with demo data, as `npm start` runs it,
 * and a real OpenID provider (the server tests' own) for its single sign-on: the browser
 * signs in on the provider's development login page (any login name, any password).
 */
export default async function startServer(project: TestProject) {
  const port = await freePort();
  const client = {
    clientId: 'settle-portal',
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUris: [`http://127.0.0.1:${port}/sso`],
  };
  // Started first: the portal discovers it at the first single sign-on.
  const oidc = await startOidcTestProvider({ clients: [client] });
  const server = await launchServer({
    name: 'e2e-server',
    port,
    env: {
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: client.clientId,
      OIDC_CLIENT_SECRET: client.clientSecret,
    },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('oidcIssuer', oidc.issuer);
  return async () => {
    await server.stop();
    await oidc.close();
  };
}
