import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment. Every problem is listed at once so that
 * an operator fixes a bad deployment in one go.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
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
  PROMISE_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SEARCH_APPLY_IMMEDIATE: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiBase: string;
  publicOrigin: string | undefined;
  session: { idleMinutes: number; absoluteHours: number; cookieSecure: boolean };
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  /** Readable lines for a person at a terminal, JSON for log collectors. */
  prettyLogs: boolean;
  webDistDir: string;
  seedDemoData: boolean;
  viewer: { startZoom: number; mode: 'pdf' | 'html' | 'external' };
  searchApplyImmediate: 'true' | 'false';
  /** How far ahead a promise's follow-up date may be. */
  promiseMaxDays: number;
  env: 'development' | 'production' | 'test';
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ZEnvironment.safeParse(emptyToUndefined(environment));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const cookieSecure = env.COOKIE_SECURE ?? env.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    apiBase: env.API_BASE,
    publicOrigin: env.PUBLIC_ORIGIN,
    session: {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteHours: env.SESSION_ABSOLUTE_HOURS,
      cookieSecure,
    },
    logLevel: env.LOG_LEVEL,
    prettyLogs: env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT === 'auto' && Boolean(process.stdout.isTTY)),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    seedDemoData: env.SEED_DEMO_DATA,
    viewer: { startZoom: env.VIEWER_START_ZOOM, mode: env.VIEWER_MODE },
    searchApplyImmediate: env.SEARCH_APPLY_IMMEDIATE,
    promiseMaxDays: env.PROMISE_MAX_DAYS,
    env: env.NODE_ENV,
  };
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
