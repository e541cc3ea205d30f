import { createHash, generateKeyPair, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { ClientMetadata, default as Provider } from 'oidc-provider';

/** A client (relying party) the provider knows. */
export type OidcClientRegistration = { clientId: string; clientSecret: string; redirectUris: string[] };

/** An account at the provider: `sub` and `preferred_username` are its login. */
export type OidcAccount = { login: string; password: string; name?: string; email?: string };

export type LoopbackOidcProvider = {
  /** http://127.0.0.1:<port>: discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /**
   * Plays the browser at the provider from an authorization address: signs in as `login` on
   * the provider's sign-in page (with the account's password unless another is given) and
   * answers the address the provider sends the browser back to (the client's redirect URI
   * with code, state and iss). A refused password throws.
   */
  signIn(authorizationUrl: string, login: string, password?: string): Promise<URL>;
  /** Tests: a genuine ID token from a whole sign-in of one of the clients, with a chosen nonce. */
  idTokenFor(options: { clientId: string; login: string; nonce: string }): Promise<string>;
  /** Tests: the next token answer carries this ID token instead of the one issued (a tampering peer). */
  substituteNextIdToken(idToken: string): void;
  close(): Promise<void>;
};

/** Where the sign-in page lives; its form posts to `${INTERACTION}/<uid>/login`. */
const INTERACTION = '/interaction';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1: the demo start's sign-in service for the
 * sso-demo tenant, and the single-sign-on tests' provider, server and browser alike. Real
 * discovery, JWKS, signed RS256 ID tokens, single-use codes and PKCE (required). Its sign-in
 * page names its accounts with their passwords (it stands in for a company's identity
 * provider in a demo, it guards nothing) and checks the password typed; a successful sign-in
 * also grants the scopes asked for, so no consent page follows.
 */
export async function startOidcProvider(options: {
  clients: OidcClientRegistration[];
  accounts: OidcAccount[];
  /** A fixed port (a provider that comes back where it was expected); any free one otherwise. */
  port?: number;
}): Promise<LoopbackOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map(options.accounts.map((account) => [account.login, account]));

  let substitute: string | undefined;
  /**
   * oidc-provider, its key pair and its routes are made by the first request, not at start: the
   * demo start listens at once (the portal needs only the issuer's address) and a restart does
   * not wait for an RSA key nor for the provider's modules.
   */
  let built: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | undefined;
  const providerReady = () => (built ??= buildProvider());
  async function buildProvider() {
    const [{ default: OidcProvider }, { privateKey }] = await Promise.all([
      import('oidc-provider'),
      promisify(generateKeyPair)('rsa', { modulusLength: 2048 }),
    ]);
    const provider = new OidcProvider(issuer, {
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
        const account = accounts.get(id);
        if (!account) return undefined;
        return {
          accountId: id,
          claims: () => ({
            sub: id,
            preferred_username: id,
            name: account.name ?? id,
            email: account.email ?? `${id}@idp.example`,
          }),
        };
      },
      interactions: { url: (_context, interaction) => `${INTERACTION}/${interaction.uid}` },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      jwks: {
        keys: [
          {
            ...privateKey.export({ format: 'jwk' }),
            kid: 'loopback-key',
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
      features: { devInteractions: { enabled: false } },
    });
    provider.use(async (context, next) => {
      await next();
      if (substitute && context.path === '/token' && context.status === 200) {
        context.body = { ...(context.body as object), id_token: substitute };
        substitute = undefined;
      }
    });

    return { provider, callback: provider.callback() };
  }

  /** The sign-in page and its two answers: a checked password, or the user's "cancel". */
  async function interaction(
    provider: Provider,
    request: IncomingMessage,
    response: ServerResponse,
    action: string | undefined,
  ) {
    const details = await provider.interactionDetails(request, response);
    const language = pageLanguage(request);
    if (action === 'abort') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (action === 'login' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const login = form.get('login') ?? '';
      const account = accounts.get(login);
      if (!account || !samePassword(account.password, form.get('password') ?? '')) {
        sendPage(
          response,
          200,
          signInPage({ uid: details.uid, language, accounts: options.accounts, login }),
        );
        return;
      }
      const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: login }, consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    sendPage(response, 200, signInPage({ uid: details.uid, language, accounts: options.accounts }));
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = new RegExp(`^${INTERACTION}/([\\w-]+)(?:/(login|abort))?$`).exec(
      new URL(request.url ?? '/', issuer).pathname,
    );
    providerReady()
      .then(({ provider, callback }) => {
        if (!match) return callback(request, response);
        return interaction(provider, request, response, match[2]).catch((error: unknown) => {
          // An expired or unknown interaction: the browser starts over at the portal.
          sendPage(
            response,
            400,
            `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`,
          );
        });
      })
      .catch((error: unknown) => {
        sendPage(
          response,
          500,
          `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`,
        );
      });
  });

  const signIn = async (authorizationUrl: string, login: string, password?: string): Promise<URL> => {
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
    let submitted = false;
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
      if (response.status !== 200 || !action || submitted) {
        throw new Error(`the provider answered ${response.status}: ${page.slice(0, 400)}`);
      }
      const form = new URLSearchParams({ login, password: password ?? accounts.get(login)?.password ?? '' });
      const answer = await send(new URL(action.replaceAll('&amp;', '&'), next), {
        method: 'POST',
        body: form,
      });
      const redirect = answer.headers.get('location');
      if (!redirect) throw new Error(`the provider refused the sign-in of ${login}`);
      submitted = true;
      next = new URL(redirect, next);
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

function samePassword(expected: string, received: string): boolean {
  // Digests have equal lengths, as timingSafeEqual needs, whatever was typed.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(received));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) request.destroy(new Error('form too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function sendPage(response: ServerResponse, status: number, body: string) {
  if (response.headersSent) return;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: the sign-in's redirects lead to the client's address, which it would block.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  response.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page follows the browser's first language: French or English. */
type PageLanguage = 'en' | 'fr';

function pageLanguage(request: IncomingMessage): PageLanguage {
  return /^\s*fr\b/i.test(request.headers['accept-language'] ?? '') ? 'fr' : 'en';
}

const PAGE_TEXT: Record<PageLanguage, Record<string, string>> = {
  en: {
    title: 'Demo sign-in service',
    intro:
      "This page stands in for your company's identity provider (OpenID Connect). It runs only with the portal's demo start.",
    accounts: 'Sign in with:',
    user: 'user',
    password: 'password',
    loginLabel: 'User name',
    passwordLabel: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    refused: 'Wrong user name or password.',
  },
  fr: {
    title: 'Service de connexion de démonstration',
    intro:
      "Cette page tient lieu du fournisseur d'identité de votre entreprise (OpenID Connect). Elle ne fonctionne qu'avec le démarrage de démonstration du portail.",
    accounts: 'Connectez-vous avec :',
    user: 'utilisateur',
    password: 'mot de passe',
    loginLabel: "Nom d'utilisateur",
    passwordLabel: 'Mot de passe',
    submit: 'Se connecter',
    cancel: 'Annuler',
    refused: "Nom d'utilisateur ou mot de passe incorrect.",
  },
};

function signInPage(options: {
  uid: string;
  language: PageLanguage;
  accounts: OidcAccount[];
  /** The login of a refused attempt: kept in the field, with the refusal shown. */
  login?: string;
}): string {
  const text = PAGE_TEXT[options.language];
  const action = `${INTERACTION}/${encodeURIComponent(options.uid)}`;
  const accountList = options.accounts
    .map(
      (account) =>
        `<li>${text.user} <code data-testid="provider-account-login">${escapeHtml(account.login)}</code>, ${text.password} <code data-testid="provider-account-password">${escapeHtml(account.password)}</code></li>`,
    )
    .join('');
  const refused =
    options.login === undefined
      ? ''
      : `<p role="alert" class="refused" data-testid="provider-refused">${text.refused}</p>`;
  return `<!doctype html>
<html lang="${options.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:24px 12px;color:#212529}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 12px}p,li{line-height:1.45}code{background:#e9ecef;padding:1px 4px;border-radius:4px}
label{display:block;margin:12px 0 4px;font-weight:600}input{box-sizing:border-box;width:100%;padding:8px;font-size:1rem;border:1px solid #ced4da;border-radius:4px}
.actions{display:flex;gap:8px;margin-top:16px}button{flex:1;padding:10px;font-size:1rem;border-radius:4px;border:1px solid #1c7ed6;background:#1c7ed6;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1c7ed6}.refused{color:#c92a2a;font-weight:600}
</style></head>
<body><main>
<h1>${text.title}</h1>
<p>${text.intro}</p>
<p>${text.accounts}</p><ul>${accountList}</ul>
${refused}
<form method="post" action="${action}/login" autocomplete="off">
<label for="login">${text.loginLabel}</label><input id="login" name="login" value="${escapeHtml(options.login ?? '')}" required autofocus>
<label for="password">${text.passwordLabel}</label><input id="password" name="password" type="password" required>
<div class="actions"><button type="submit" data-testid="provider-sign-in">${text.submit}</button>
<button type="submit" class="secondary" formaction="${action}/abort" formnovalidate data-testid="provider-cancel">${text.cancel}</button></div>
</form>
</main></body></html>`;
}
