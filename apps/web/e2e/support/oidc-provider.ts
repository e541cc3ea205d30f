import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type LoopbackProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for the single-sign-on flow: the
 * portal discovers it, the browser signs in on its development login page (any login name,
 * any password) and consents, and its signed ID token names the login as preferred_username.
 */
export async function startOidcProvider(options: { redirectUri: string }): Promise<LoopbackProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'settle-portal';
  const clientSecret = randomBytes(24).toString('base64url');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
    findAccount: (_context, id) => ({
      accountId: id,
      claims: () => ({ sub: id, preferred_username: id, name: id, email: `${id}@idp.example` }),
    }),
    jwks: { keys: [{ ...signingKey, kid: 'e2e', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
