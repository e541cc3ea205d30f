import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { AppConfig, RateLimitSettings } from '../config';
import { AppError } from '../lib/app-error';

type Scope = 'address' | 'user';

/** A stricter limit for the calls that guess, send or charge: by method and API path prefix. */
type StrictRule = {
  name: Exclude<keyof RateLimitSettings, 'keyPrefix'>;
  methods: string[];
  prefixes: string[];
  per: Scope;
};

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * By path prefix, so that a route added later under a prefix is limited from its first day
 * (the payment starts: POST payment/hpp/*, payment/hppOnAccount/*, payment/makePayment*, payment/approvals*).
 */
export const STRICT_RULES: readonly StrictRule[] = [
  {
    name: 'signIn',
    methods: WRITES,
    prefixes: [
      '/auth/login',
      '/auth/prelogin',
      '/auth/troubleSigningIn',
      '/auth/companyDefMask',
      '/auth/resendPin',
      '/auth/updateMobile',
    ],
    per: 'address',
  },
  { name: 'signIn', methods: ['GET', 'POST'], prefixes: ['/auth/ssologin'], per: 'address' },
  { name: 'captcha', methods: ['GET', 'POST'], prefixes: ['/resource/captcha'], per: 'address' },
  {
    name: 'registration',
    methods: WRITES,
    prefixes: ['/user/registration', '/user/activation', '/user/resetPassword', '/user/verifyUserAsInactive'],
    per: 'address',
  },
  { name: 'uploads', methods: WRITES, prefixes: ['/upload/'], per: 'user' },
  {
    name: 'paymentStarts',
    methods: ['POST'],
    // Submitting a cart for approval and deciding one (an approval runs the payment) count as starts.
    prefixes: ['/payment/hpp/', '/payment/hppOnAccount/', '/payment/makePayment', '/payment/approvals'],
    per: 'user',
  },
];

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Rate limits per address on every API call and per user on every signed-in one, and the stricter
 * ones above; counters in Redis when REDIS_URL is set (shared by every server process), else in
 * this process's memory. Over a limit: 429 RATE_LIMITED with Retry-After, nothing done.
 */
export async function registerRateLimits(app: FastifyInstance, config: AppConfig) {
  // ioredis is loaded only when Redis is configured.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) {
    // Redis down must not take the portal down: the limits are skipped (skipOnError) and said so.
    redis.on('error', (error) => app.log.warn(`rate limits: Redis unavailable (${error.message})`));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    nameSpace: config.rateLimits.keyPrefix,
    ...(redis ? { redis } : {}),
  });

  const limits = config.rateLimits;
  const timeWindow = limits.windowSeconds * 1000;
  const limiter = (name: string, max: number, per: Scope) =>
    app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => `${name}:${per === 'user' ? `u${request.session?.userId}` : request.ip}`,
    });
  const perAddress = limiter('address', limits.perAddress, 'address');
  const perUser = limiter('user', limits.perUser, 'user');
  const strict = STRICT_RULES.map((rule) => ({
    rule,
    check: limiter(rule.name, limits[rule.name], rule.per),
  }));

  // After the session hook: the user is known.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The API only: the web app's files are static and a first visit fetches dozens of them, and
    // the health probes and metrics scrapes come from the load balancer and the monitor.
    if (!path.startsWith(config.apiBase)) return;
    const checks: Limiter[] = [perAddress];
    if (request.session) checks.push(perUser);
    const apiPath = path.slice(config.apiBase.length);
    for (const { rule, check } of strict) {
      if (!rule.methods.includes(request.method)) continue;
      if (!rule.prefixes.some((prefix) => apiPath.startsWith(prefix))) continue;
      if (rule.per === 'user' && !request.session) continue;
      checks.push(check);
    }
    for (const check of checks) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError({
        statusCode: 429,
        code: ErrorCode.RATE_LIMITED,
        message: `Too many requests. Please wait ${seconds} seconds and try again.`,
        args: [String(seconds)],
      });
    }
  });
}
