import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './lib/package-root';

/** pino-pretty is a development tool: a production install (--omit=dev) logs JSON lines instead. */
function isInstalled(packageName: string): boolean {
  try {
    createRequire(import.meta.url).resolve(packageName);
    return true;
  } catch {
    return false;
  }
}

/**
 * The one place that reads the environment. Every problem is listed at once so that
 * an operator fixes a bad deployment in one go.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A multi-select data source: absolute http(s), or a path on this site (the browser GETs it). */
const sourceUrl = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'must be an http(s) address or a path starting with /');

/** A rate limit: requests per window (or the window's seconds). */
const limit = z.coerce.number().int().min(1).max(10_000_000);

export const DEFAULT_OIDC_SCOPES = 'openid profile email';
export const DEFAULT_OIDC_LOGIN_CLAIM = 'preferred_username';

const ZEnvironment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  API_BASE: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, 'must start with / and not end with /')
    .default('/getpaid-rest/api'),
  PUBLIC_ORIGIN: z.url({ message: 'must be an absolute URL such as https://portal.example.com' }).optional(),
  /** Fractions are allowed (0.25 = 15 s): demonstrations and the browser flow of an expired session. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(30),
  /** Memory for grid answers kept per server process (modules/grid-cache); 0 turns the cache off. */
  GRID_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  COOKIE_SECURE: booleanText.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO_DATA: booleanText.default(true),
  VIEWER_START_ZOOM: z.coerce.number().min(0.1).max(5).default(1),
  VIEWER_MODE: z.enum(['pdf', 'html', 'external']).default('pdf'),
  VIEWER_EXTERNAL_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  PROMISE_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  UPLOAD_MAX_FILE_MB: z.coerce.number().int().min(1).max(1024).default(50),
  /** Where uploaded files are kept; DATA_DIR/uploads when unset (a temporary folder for DATA_DIR=memory://). */
  UPLOAD_DIR: z.string().min(1).optional(),
  SEARCH_APPLY_IMMEDIATE: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ALLOWED_HOSTS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9.-]+(:\d{1,5})?\s*(,\s*[A-Za-z0-9.-]+(:\d{1,5})?\s*)*$/,
      'must be a comma-separated list of host or host:port',
    )
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  /** The WebAuthn relying party: a domain (no scheme, no port); PUBLIC_ORIGIN's host, else localhost. */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a domain name such as portal.example.com')
    .optional(),
  /** Origins passkeys may be used from (comma-separated); PUBLIC_ORIGIN when unset. */
  WEBAUTHN_ORIGINS: z
    .string()
    .regex(
      /^\s*https?:\/\/[^,\s]+(\s*,\s*https?:\/\/[^,\s]+)*\s*$/,
      'must be a comma-separated list of origins',
    )
    .optional(),
  PIN_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SMS_TRANSPORT: z.enum(['outbox', 'http']).default('outbox'),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  EMAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Settle <no-reply@localhost>'),
  DEV_OUTBOX: booleanText.optional(),
  /** Browser tests only: POST {api}/dev/clock/advance moves the sessions' clock forward (with DEV_OUTBOX on). */
  SETTLE_TEST_CLOCK: booleanText.optional(),
  ACTIVATION_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  RESET_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  CAPTCHA_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default(DEFAULT_OIDC_SCOPES),
  /** The ID-token claim whose value is the Settle login name (compared case-insensitively). */
  OIDC_LOGIN_CLAIM: z.string().min(1).default(DEFAULT_OIDC_LOGIN_CLAIM),
  METHOD_OVERRIDE: booleanText.default(false),
  /** Redis shared by several server processes (rate-limit counters); unset keeps them in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** The names of the counters in Redis: deployments (or test runs) sharing one Redis keep theirs apart. */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9:_.-]{1,100}$/,
      'must be 1 to 100 letters, digits, colons, dots, dashes or underscores',
    )
    .default('settle-rate-'),
  RATE_LIMIT_WINDOW_SECONDS: limit.default(60),
  RATE_LIMIT_PER_ADDRESS: limit.default(1200),
  RATE_LIMIT_PER_USER: limit.default(600),
  RATE_LIMIT_SIGN_IN: limit.default(60),
  RATE_LIMIT_CAPTCHA: limit.default(30),
  RATE_LIMIT_REGISTRATION: limit.default(10),
  RATE_LIMIT_UPLOADS: limit.default(60),
  RATE_LIMIT_PAYMENT_STARTS: limit.default(10),
  /** Webhooks may go to loopback, private and link-local addresses (tests and demos on one machine). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  /** Bearer token of GET /metrics; unset turns the endpoint off (404). */
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  TEAM_SOURCE_URL: sourceUrl.optional(),
  PORTFOLIO_SOURCE_URL: sourceUrl.optional(),
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'stripe'], { message: 'must be sandbox or stripe' })
    .default('sandbox'),
  /** PORT + 1 when unset (0 when PORT is 0: any free port). */
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PAYMENT_SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  PAYMENT_SANDBOX_PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http(s) address' })
    .optional(),
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  PAYMENT_SANDBOX_NOTIFY_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http(s) address' })
    .optional(),
  PAYMENT_SANDBOX_PENDING_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Another process's sandbox: this start runs none and calls that one (several portals, one sandbox). */
  PAYMENT_SANDBOX_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http(s) address' })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be the signing secret of the webhook endpoint (whsec_...)')
    .optional(),
  /** Tests only: the loopback peer that stands in for Stripe's API (its servers are out of reach here). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) address' }).optional(),
  /** The NACHA e-check file for the bank (modules/nacha): the provider's origin and its bank. */
  NACHA_IMMEDIATE_DESTINATION: z
    .string()
    .regex(/^\d{9}$/, 'must be the 9-digit routing number of the bank')
    .default('091000019'),
  NACHA_IMMEDIATE_DESTINATION_NAME: z.string().max(23).default('DEMO BANK'),
  NACHA_IMMEDIATE_ORIGIN: z
    .string()
    .regex(/^\d{9,10}$/, 'must be 9 or 10 digits')
    .default('1234567890'),
  NACHA_IMMEDIATE_ORIGIN_NAME: z.string().max(23).default('SETTLE DEMO PROVIDER'),
  NACHA_COMPANY_NAME: z.string().min(1).max(16).default('SETTLE DEMO'),
  NACHA_COMPANY_ID: z
    .string()
    .regex(/^\w{10}$/, 'must be 10 characters')
    .default('1234567890'),
  NACHA_ODFI: z
    .string()
    .regex(/^\d{8}$/, 'must be the first 8 digits of the originating bank routing number')
    .default('09100001'),
  NACHA_ENTRY_DESCRIPTION: z.string().min(1).max(10).default('PAYMENT'),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiBase: string;
  publicOrigin: string | undefined;
  session: { idleMinutes: number; absoluteHours: number; cookieSecure: boolean };
  /** Bytes of grid answers each process keeps, checked against the data on every call; 0: none. */
  gridCacheBytes: number;
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  /** Readable lines for a person at a terminal, JSON for log collectors. */
  prettyLogs: boolean;
  webDistDir: string;
  seedDemoData: boolean;
  viewer: { startZoom: number; mode: 'pdf' | 'html' | 'external'; externalUrl?: string };
  searchApplyImmediate: 'true' | 'false';
  /** How far ahead a promise's follow-up date may be. */
  promiseMaxDays: number;
  uploads: { maxFileMb: number; dir: string };
  env: 'development' | 'production' | 'test';
  /** Lower-cased host or host:port entries the API answers to; empty means any. */
  allowedHosts: string[];
  /** Keys the HMACs of sign-in codes and pre-login answers; unset means a generated one (see auth-secret.ts). */
  authSecret: string | undefined;
  pin: { ttlMinutes: number };
  /**
   * Passkeys (WebAuthn): the relying party id and the origins a credential may be used from.
   * With no origin configured, any http(s)://<rpId>:<port> is accepted when the relying party is
   * localhost or outside production (the demo and the tests).
   */
  webauthn: { rpId: string; origins: string[] };
  lockoutMinutes: number;
  sms:
    | { transport: 'outbox' }
    | { transport: 'http'; gatewayUrl: string; gatewayToken: string | undefined; timeoutMs: number };
  email: { transport: 'outbox'; from: string } | { transport: 'smtp'; smtpUrl: string; from: string };
  /** GET {api}/dev/outbox: on outside production unless DEV_OUTBOX says otherwise. */
  devOutbox: boolean;
  /**
   * POST {api}/dev/clock/advance: the sessions' clock can be moved forward, so that a browser
   * test sees an idle time-out without waiting. Only with the development aids on (devOutbox)
   * and SETTLE_TEST_CLOCK=1.
   */
  testClock: boolean;
  /** How long the emailed activation and password-reset links stay usable. */
  accountLinks: { activationHours: number; resetMinutes: number };
  captcha: { ttlMinutes: number };
  /** OpenID Connect single sign-on for tenants flagged sso_enabled; undefined when not configured. */
  oidc:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string | undefined;
        scopes: string;
        loginClaim: string;
      }
    | undefined;
  /** PUT, PATCH and DELETE may arrive as POST with X-HTTP-Method-Override (see plugins/method-override.ts). */
  methodOverride: boolean;
  /** Addresses of the team and portfolio multi-select sources; unset hides that filter. */
  filterSources: { team?: string; portfolio?: string };
  /** The payment provider (adapters/payments): the built-in sandbox by default, or Stripe. */
  payments: PaymentsConfig;
  redisUrl: string | undefined;
  /** Requests per window, per address (A) or per signed-in user (U); see plugins/rate-limits.ts. */
  rateLimits: RateLimitSettings;
  metricsToken: string | undefined;
  /** Off by default: a tenant's webhook must not make the server call its own network (SSRF). */
  webhooks: { allowPrivateAddresses: boolean };
  /** The provider's origin and bank in the NACHA e-check file (modules/nacha). */
  nacha: NachaOrigin;
};

export type NachaOrigin = {
  immediateDestination: string;
  immediateDestinationName: string;
  immediateOrigin: string;
  immediateOriginName: string;
  companyName: string;
  companyId: string;
  odfi: string;
  entryDescription: string;
};

export type RateLimitSettings = {
  keyPrefix: string;
  windowSeconds: number;
  perAddress: number;
  perUser: number;
  signIn: number;
  captcha: number;
  registration: number;
  uploads: number;
  paymentStarts: number;
};

export type SandboxPaymentsConfig = {
  provider: 'sandbox';
  /** Where the portal's start runs the sandbox (port 0: any free one). */
  port: number;
  host: string;
  /** Where the payer's browser reaches the hosted page, when not the listening address (a proxy). */
  publicUrl: string | undefined;
  /** Where Settle calls the sandbox's API; the start fills in the real port when it was 0. */
  apiUrl: string;
  /** False when PAYMENT_SANDBOX_URL names a sandbox another process runs. */
  startHere: boolean;
  /** Shared by Settle and the sandbox: API key and (derived) notification signing key. */
  secret: string;
  /** Settle's notification route as the sandbox calls it; unset: this portal's own address. */
  notifyUrl: string | undefined;
  pendingMs: number;
  /** The sandbox's state file (kept across restarts); in memory for DATA_DIR=memory://. */
  dataFile: string | undefined;
};

export type PaymentsConfig =
  | SandboxPaymentsConfig
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string | undefined };

/** DATA_DIR for a throw-away instance (tests): nothing is written to disk. */
export const IN_MEMORY = 'memory://';

function uploadDir(configured: string | undefined, dataDir: string): string {
  if (configured) return path.resolve(configured);
  // A throw-away instance keeps its files in a throw-away folder of its own.
  if (dataDir === IN_MEMORY) return path.join(os.tmpdir(), `settle-uploads-${process.pid}-${randomUUID()}`);
  return path.join(path.resolve(dataDir), 'uploads');
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): AppConfig {
  const known = emptyToUndefined(environment);
  const parsed = ZEnvironment.safeParse(known);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...missingTransportSettings(known),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const cookieSecure = env.COOKIE_SECURE ?? env.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
  return {
    port: env.PORT,
    host: env.HOST,
    // 'memory://' is not a folder: the embedded database (and the sign-in key) then live in memory only.
    dataDir: env.DATA_DIR === IN_MEMORY ? IN_MEMORY : path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    apiBase: env.API_BASE,
    publicOrigin: env.PUBLIC_ORIGIN,
    session: {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteHours: env.SESSION_ABSOLUTE_HOURS,
      cookieSecure,
    },
    gridCacheBytes: Math.round(env.GRID_CACHE_MB * 1024 * 1024),
    logLevel: env.LOG_LEVEL,
    prettyLogs:
      (env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT === 'auto' && Boolean(process.stdout.isTTY))) &&
      isInstalled('pino-pretty'),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    seedDemoData: env.SEED_DEMO_DATA,
    viewer: { startZoom: env.VIEWER_START_ZOOM, mode: env.VIEWER_MODE, externalUrl: env.VIEWER_EXTERNAL_URL },
    searchApplyImmediate: env.SEARCH_APPLY_IMMEDIATE,
    promiseMaxDays: env.PROMISE_MAX_DAYS,
    uploads: { maxFileMb: env.UPLOAD_MAX_FILE_MB, dir: uploadDir(env.UPLOAD_DIR, env.DATA_DIR) },
    env: env.NODE_ENV,
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    authSecret: env.AUTH_SECRET,
    pin: { ttlMinutes: env.PIN_TTL_MINUTES },
    webauthn: webauthnConfig(env),
    lockoutMinutes: env.LOCKOUT_MINUTES,
    sms:
      env.SMS_TRANSPORT === 'http'
        ? {
            transport: 'http',
            gatewayUrl: env.SMS_GATEWAY_URL!,
            gatewayToken: env.SMS_GATEWAY_TOKEN,
            timeoutMs: env.SMS_GATEWAY_TIMEOUT_MS,
          }
        : { transport: 'outbox' },
    email:
      env.EMAIL_TRANSPORT === 'smtp'
        ? { transport: 'smtp', smtpUrl: env.SMTP_URL!, from: env.MAIL_FROM }
        : { transport: 'outbox', from: env.MAIL_FROM },
    devOutbox: env.DEV_OUTBOX ?? env.NODE_ENV !== 'production',
    testClock: (env.DEV_OUTBOX ?? env.NODE_ENV !== 'production') && env.SETTLE_TEST_CLOCK === true,
    accountLinks: { activationHours: env.ACTIVATION_LINK_HOURS, resetMinutes: env.RESET_LINK_MINUTES },
    captcha: { ttlMinutes: env.CAPTCHA_TTL_MINUTES },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: env.OIDC_SCOPES,
            loginClaim: env.OIDC_LOGIN_CLAIM,
          }
        : undefined,
    methodOverride: env.METHOD_OVERRIDE,
    filterSources: {
      ...(env.TEAM_SOURCE_URL ? { team: env.TEAM_SOURCE_URL } : {}),
      ...(env.PORTFOLIO_SOURCE_URL ? { portfolio: env.PORTFOLIO_SOURCE_URL } : {}),
    },
    redisUrl: env.REDIS_URL,
    rateLimits: {
      keyPrefix: env.RATE_LIMIT_KEY_PREFIX,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      perAddress: env.RATE_LIMIT_PER_ADDRESS,
      perUser: env.RATE_LIMIT_PER_USER,
      signIn: env.RATE_LIMIT_SIGN_IN,
      captcha: env.RATE_LIMIT_CAPTCHA,
      registration: env.RATE_LIMIT_REGISTRATION,
      uploads: env.RATE_LIMIT_UPLOADS,
      paymentStarts: env.RATE_LIMIT_PAYMENT_STARTS,
    },
    metricsToken: env.METRICS_TOKEN,
    webhooks: { allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === 'true' },
    payments: paymentsConfig(env),
    nacha: {
      immediateDestination: env.NACHA_IMMEDIATE_DESTINATION,
      immediateDestinationName: env.NACHA_IMMEDIATE_DESTINATION_NAME,
      immediateOrigin: env.NACHA_IMMEDIATE_ORIGIN,
      immediateOriginName: env.NACHA_IMMEDIATE_ORIGIN_NAME,
      companyName: env.NACHA_COMPANY_NAME,
      companyId: env.NACHA_COMPANY_ID,
      odfi: env.NACHA_ODFI,
      entryDescription: env.NACHA_ENTRY_DESCRIPTION,
    },
  };
}

function paymentsConfig(env: z.infer<typeof ZEnvironment>): PaymentsConfig {
  if (env.PAYMENT_PROVIDER === 'stripe') {
    return {
      provider: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiBase: env.STRIPE_API_BASE,
    };
  }
  const port = env.PAYMENT_SANDBOX_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1);
  const host = env.PAYMENT_SANDBOX_HOST;
  const reachable =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    provider: 'sandbox',
    port,
    host,
    publicUrl: env.PAYMENT_SANDBOX_PUBLIC_URL,
    apiUrl: env.PAYMENT_SANDBOX_URL?.replace(/\/$/, '') ?? `http://${reachable}:${port}`,
    startHere: !env.PAYMENT_SANDBOX_URL,
    // The sandbox runs in the portal's process, so a key made at each start is shared by both sides.
    secret: env.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('base64url'),
    notifyUrl: env.PAYMENT_SANDBOX_NOTIFY_URL,
    pendingMs: Math.round(env.PAYMENT_SANDBOX_PENDING_SECONDS * 1000),
    dataFile:
      env.DATA_DIR === IN_MEMORY ? undefined : path.join(path.resolve(env.DATA_DIR), 'payment-sandbox.json'),
  };
}

function webauthnConfig(env: { WEBAUTHN_RP_ID?: string; WEBAUTHN_ORIGINS?: string; PUBLIC_ORIGIN?: string }) {
  const rpId = (env.WEBAUTHN_RP_ID ?? (env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).hostname : 'localhost'))
    .trim()
    .toLowerCase();
  const listed = (env.WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const origins = listed.length > 0 ? listed : env.PUBLIC_ORIGIN ? [new URL(env.PUBLIC_ORIGIN).origin] : [];
  return { rpId, origins };
}

/** A real courier without its address would fail at the first message; say so at boot instead. */
function missingTransportSettings(environment: Record<string, string | undefined>): string[] {
  return [
    Boolean(environment.OIDC_ISSUER) !== Boolean(environment.OIDC_CLIENT_ID) &&
      'OIDC_ISSUER and OIDC_CLIENT_ID: set both for single sign-on, or neither',
    environment.SMS_TRANSPORT === 'http' &&
      !environment.SMS_GATEWAY_URL &&
      'SMS_GATEWAY_URL: required when SMS_TRANSPORT=http',
    environment.EMAIL_TRANSPORT === 'smtp' &&
      !environment.SMTP_URL &&
      'SMTP_URL: required when EMAIL_TRANSPORT=smtp',
    environment.PAYMENT_PROVIDER === 'stripe' &&
      !environment.STRIPE_SECRET_KEY &&
      'STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe',
    environment.PAYMENT_PROVIDER === 'stripe' &&
      !environment.STRIPE_WEBHOOK_SECRET &&
      'STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe (the signing secret of the webhook endpoint)',
    environment.PAYMENT_PROVIDER !== 'stripe' &&
      environment.PAYMENT_SANDBOX_URL &&
      !environment.PAYMENT_SANDBOX_SECRET &&
      'PAYMENT_SANDBOX_SECRET: required with PAYMENT_SANDBOX_URL (the secret that sandbox was started with)',
    environment.PAYMENT_PROVIDER !== 'stripe' &&
      (environment.PAYMENT_SANDBOX_PORT ?? '') !== '' &&
      environment.PAYMENT_SANDBOX_PORT !== '0' &&
      environment.PAYMENT_SANDBOX_PORT === (environment.PORT ?? '3000') &&
      'PAYMENT_SANDBOX_PORT: must differ from PORT (the sandbox is a separate origin)',
  ].filter((problem): problem is string => typeof problem === 'string');
}

/** Only the keys this app knows, with empty strings treated as unset. */
function emptyToUndefined(
  environment: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const known = Object.keys(ZEnvironment.shape);
  return Object.fromEntries(
    known.map((key) => [key, environment[key] === '' ? undefined : environment[key]]),
  );
}
