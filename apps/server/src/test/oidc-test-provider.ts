import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** A client (relying party) the provider knows. */
export type OidcTestClient = { clientId: string; clientSecret: string; redirectUris: string[] };

/** An account at the provider; its claims default to ones made from the login name. */
export type OidcTestUser = { login: string; name?: string; email?: string };

export type OidcTestProvider = {
  /** http://127.0.0.1:<port>: discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /**
   * Plays the browser at the provider from an authorization address: signs in as `login` on
   * the development login page, consents, and answers the address the provider sends the
   * browser back to (the client's redirect URI with code, state and iss).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** A genuine ID token from a whole sign-in of one of the clients, with a chosen nonce. */
  idTokenFor(options: { clientId: string; login: string; nonce: string }): Promise<string>;
  /** The next token answer carries this ID token instead of the one issued: a tampering peer. */
  substituteNextIdToken(idToken: string): void;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for the single-sign-on tests, server
 * and browser alike: real discovery, JWKS, signed RS256 ID tokens, single-use codes and PKCE
 * (required). Its development login page takes any password. With `users`, only those login
 * names have an account; without, any login name does. An account's `sub` and
 * `preferred_username` are its login name.
 */
export async function startOidcTestProvider(options: {
  clients: OidcTestClient[];
  users?: OidcTestUser[];
  /** A fixed port (a provider that comes back where it was expected); any free one otherwise. */
  port?: number;
}): Promise<OidcTestProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = options.users && new Map(options.users.map((user) => [user.login, user]));

  const provider = new Provider(issuer, {
    clients: options.clients.map(
      (client): ClientMetadata => ({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      }),
    ),
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
    findAccount: (_context, id) => {
      const user = users ? users.get(id) : { login: id };
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          preferred_username: id,
          name: user.name ?? id,
          email: user.email ?? `${id}@idp.example`,
        }),
      };
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'test-key',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
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
  let substitute: string | undefined;
  provider.use(async (context, next) => {
    await next();
    if (substitute && context.path === '/token' && context.status === 200) {
      context.body = { ...(context.body as object), id_token: substitute };
      substitute = undefined;
    }
  });
  server.on('request', provider.callback());

  const signIn = async (authorizationUrl: string, login: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const send = async (url: URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const value = pair.slice(pair.indexOf('=') + 1).trim();
        const expired = attributes.some(
          (attribute) =>
            /^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now(),
        );
        if (expired || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };

    let next = new URL(authorizationUrl);
    for (let step = 0; step < 20; step += 1) {
      if (next.origin !== issuer) return next;
      const response = await send(next);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = new URL(location, next);
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="([a-z]+)"/.exec(page)?.[1];
      if (response.status !== 200 || !action || !prompt) {
        throw new Error(`the provider answered ${response.status}: ${page.slice(0, 400)}`);
      }
      const form = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'any password: the development login page checks none');
      }
      const submitted = await send(new URL(action.replaceAll('&amp;', '&'), next), {
        method: 'POST',
        body: form,
      });
      next = new URL(submitted.headers.get('location') ?? '', next);
    }
    throw new Error('the provider kept the browser in a loop');
  };

  return {
    issuer,
    signIn,

    async idTokenFor(request) {
      const client = options.clients.find((candidate) => candidate.clientId === request.clientId);
      if (!client) throw new Error(`no client ${request.clientId}`);
      const redirectUri = client.redirectUris[0]!;
      const verifier = randomBytes(32).toString('base64url');
      const authorization = new URL(`${issuer}/auth`);
      authorization.search = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        scope: 'openid profile',
        redirect_uri: redirectUri,
        state: randomBytes(8).toString('hex'),
        nonce: request.nonce,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      const callback = await signIn(authorization.href, request.login);
      const code = callback.searchParams.get('code');
      if (!code) throw new Error(`no code in ${callback.href}`);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
      const tokens = (await response.json()) as { id_token?: string };
      if (!tokens.id_token) throw new Error(`no ID token: ${JSON.stringify(tokens)}`);
      return tokens.id_token;
    },

    substituteNextIdToken(idToken) {
      substitute = idToken;
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
