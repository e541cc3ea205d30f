import type { TestProject } from 'vitest/node';
import { freePort, launchServer } from './launch-server';
import { startOidcProvider } from './oidc-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The loopback OpenID provider the portal's single sign-on uses. */
    oidcIssuer: string;
  }
}

/** The production server on a fresh embedded database with demo data, as `npm start` runs it. */
export default async function startServer(project: TestProject) {
  const port = await freePort();
  // Started first: the portal discovers it at the first single sign-on.
  const oidc = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/sso` });
  const server = await launchServer({
    name: 'e2e-server',
    port,
    env: { OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: oidc.clientId, OIDC_CLIENT_SECRET: oidc.clientSecret },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('oidcIssuer', oidc.issuer);
  return async () => {
    await server.stop();
    await oidc.close();
  };
}
