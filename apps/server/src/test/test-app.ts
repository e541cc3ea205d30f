import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from './test-database';

export type TestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  api: string;
  close: () => Promise<void>;
};

/**
 * Route tests sign in and call far more often than a person from one address; the limits are
 * settings, set out of reach here. rate-limits.test.ts sets its own to prove the 429.
 */
export const UNTHROTTLED: Record<string, string> = Object.fromEntries(
  ['PER_ADDRESS', 'PER_USER', 'SIGN_IN', 'CAPTCHA', 'REGISTRATION', 'UPLOADS', 'PAYMENT_STARTS'].map(
    (name) => [`RATE_LIMIT_${name}`, '1000000'],
  ),
);

/**
 * For tests that count a call's statements as PostgreSQL runs them: every call reads its session,
 * where PGlite would answer a session read again from memory until the next write (db/client.ts).
 */
export const EVERY_CALL_READS_ITS_SESSION = { services: { writeGeneration: undefined } } as const;

export async function createTestApp(
  environment: Record<string, string> = {},
  /** What the start changes in the loaded configuration (server.ts: the demo OpenID provider). */
  adjust: (config: AppConfig) => AppConfig = (config) => config,
  /** A stream turns the log on (at LOG_LEVEL, info unless told), for tests that read it. */
  options: Pick<BuildAppOptions, 'logStream' | 'services'> = {},
): Promise<TestContext> {
  const config = adjust(
    loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      NODE_ENV: 'test',
      ...UNTHROTTLED,
      ...environment,
    }),
  );
  const database = await openTestDatabase();
  const app = await buildApp(config, {
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    services: options.services,
  });
  return {
    app,
    database,
    config,
    api: config.apiBase,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A browser-like client for app.inject(): keeps cookies and echoes XSRF-TOKEN into the
 * X-XSRF-TOKEN header on state-changing calls, as the web app does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly context: TestContext) {}

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && options.csrf !== false && xsrf) headers['x-xsrf-token'] = xsrf;
    const url =
      String(options.url).startsWith('/') && !String(options.url).startsWith(this.context.api)
        ? `${this.context.api}${options.url}`
        : options.url;
    const response = await this.context.app.inject({ ...options, url, method, headers } as InjectOptions);
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }

  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }

  /** Config first (it hands out the XSRF cookie), then the password step. */
  async signIn(loginName: string, password: string) {
    await this.get('/config.js');
    return this.post('/auth/login', { loginName, password });
  }
}

/** Every log line written to it, as text, for tests that look for what must never be logged. */
export function createLogCapture() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
  };
}
