import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_QUEUE } from '@settle/shared/rules/uploads';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { createAdjustableClock } from './lib/clock';
import { markStart } from './lib/start-timing';
import { accountSetupRoutes } from './modules/account-setup/account-setup.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { rekeyLoginNames } from './modules/auth/login-keys';
import { pinStepRoutes } from './modules/auth/pin-step.routes';
import { secondFactorStepRoutes } from './modules/auth/second-factor-step.routes';
import { signInHelpRoutes } from './modules/auth/sign-in-help.routes';
import { autopayRoutes } from './modules/autopay/autopay.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { configRoutes } from './modules/config/config.routes';
import { outboxRoutes } from './modules/couriers/outbox.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dataSourcesRoutes } from './modules/data-sources/data-sources.routes';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { createResponseCache } from './modules/grid-cache/response-cache';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { createOperationsStatsService } from './modules/health/operations-stats.service';
import { helpRoutes } from './modules/help/help.routes';
import { INTEGRATION_PREFIX, integrationRoutes } from './modules/integration/integration.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { locationRoutes } from './modules/location/location.routes';
import { paymentApprovalsRoutes } from './modules/payment-approvals/payment-approvals.routes';
import { paymentLogsRoutes } from './modules/payment-logs/payment-logs.routes';
import { paymentProfilesRoutes } from './modules/payment-profiles/payment-profiles.routes';
import { PAYMENT_NOTIFICATIONS_PATH, paymentsRoutes } from './modules/payments/payments.routes';
import { REMINDERS_UNSUBSCRIBE_PATH, remindersRoutes } from './modules/reminders/reminders.routes';
import { searchRoutes } from './modules/search/search.routes';
import { secondFactorsRoutes } from './modules/second-factors/second-factors.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { statementsRoutes } from './modules/statements/statements.routes';
import { testClockRoutes } from './modules/test-clock/test-clock.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { userProfileRoutes } from './modules/user-profile/user-profile.routes';
import { registerCompression } from './plugins/compression';
import { registerControlCharacterCheck } from './plugins/control-characters';
import { registerErrorHandler } from './plugins/error-handler';
import { registerGracefulShutdown } from './plugins/graceful-shutdown';
import { loggerOptions, registerRequestContext, requestIdOf } from './plugins/logging';
import { methodOverrideRewrite, registerMethodOverride } from './plugins/method-override';
import { registerMetrics } from './plugins/metrics';
import { registerNoStore } from './plugins/no-store';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';
import { registerStaticWeb } from './plugins/static-web';
import { createServices, type ServiceOptions, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    database: DatabaseHandle;
  }
}

export type BuildAppOptions = {
  /** An already-open database (tests pass a fresh one); otherwise opened from the config. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * Test doubles for the brute-force delay, background work, couriers, the payment provider and the
   * clock; `writeGeneration: undefined` makes every call read its session, as on PostgreSQL.
   */
  services?: Pick<
    ServiceOptions,
    'sleep' | 'background' | 'couriers' | 'paymentGateway' | 'clock' | 'fileStorage' | 'writeGeneration'
  >;
};

/**
 * Every route validates and serializes with its zod schema (setValidatorCompiler and
 * setSerializerCompiler below), so Fastify's own Ajv and fast-json-stringify compilers, which it
 * loads at construction unless given factories, are never needed. Fastify types the factories for
 * Ajv's compilers only, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * How long after the start background work (scheduled jobs, webhook deliveries, the recovery of
 * pending payments) waits before its first pass. PGlite runs each statement on the event loop's
 * own thread, so a pass at the very start held the first requests (a restart's /healthz waited
 * about half a second behind the jobs' claims); a period's claim or a delivery a second later
 * changes nothing.
 */
export const BACKGROUND_START_DELAY_MS = 1_000;

/** The whole app as one Fastify instance; listening is server.ts's job. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (error) => console.warn(`database: an idle connection ended (${error.message})`),
    }));
  markStart('database open');
  await database.migrate();
  markStart('migrations checked');

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    genReqId: requestIdOf,
    // One line per request, written by registerRequestContext when it is answered.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: Boolean(config.publicOrigin),
    bodyLimit: 1_048_576,
    // A sealed login name in a path (trUtils/decrypt) outgrows the default 100 characters.
    routerOptions: { maxParamLength: 2048 },
    rewriteUrl: methodOverrideRewrite(config),
    // A request that arrives while closing gets the graceful-shutdown hook's 503 (the contract's shape).
    return503OnClosing: false,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  // An empty JSON body (a PUT that only names its target in the path) means "no body", not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Browser tests move this clock forward instead of waiting for a session's idle time-out.
  markStart('fastify created');
  const testClock = config.testClock ? createAdjustableClock() : undefined;
  const services = createServices(database.db, config, {
    authSecret: await resolveAuthSecret(config),
    logger: app.log,
    clock: testClock,
    writeGeneration: database.writeGeneration,
    ...options.services,
  });
  // A database down at start is told by readiness; the keys are checked at the next start.
  await rekeyLoginNames(database.db, app.log).catch((error: Error) =>
    app.log.warn(`login keys not checked: the database did not answer (${error.message})`),
  );
  markStart('services created, login keys checked');
  app.decorate('services', services);
  app.decorate('database', database);
  // Background work (recovery emails) finishes before the database closes.
  app.addHook('onClose', () => services.background.drain());
  // Webhooks go out and scheduled jobs run from every server process (each delivery and each job's
  // period is claimed by one); tests drive them themselves.
  if (config.env !== 'test') {
    app.addHook('onReady', async () => {
      services.webhookDelivery.start({ delayMs: BACKGROUND_START_DELAY_MS });
      services.jobs.start({ delayMs: BACKGROUND_START_DELAY_MS });
    });
    app.addHook('onClose', () => Promise.all([services.webhookDelivery.stop(), services.jobs.stop()]));
  }
  if (!options.database) app.addHook('onClose', () => database.close());
  warnAboutOutboxes(app, config);

  // First: every later hook, handler and service call runs inside the request's id context.
  registerRequestContext(app);
  registerGracefulShutdown(app, {
    background: config.env === 'test' ? [] : [services.webhookDelivery, services.jobs],
  });
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(cookie);
  markStart('security headers, compression, cookies');
  await registerOpenApi(app, config);
  markStart('OpenAPI');
  // After the security headers (a refusal carries them too), before the session and CSRF checks.
  registerMethodOverride(app);
  registerSession(app, {
    config,
    sessions: services.sessions,
    // The integration API takes no cookies: a bearer key is not sent by a browser on its own.
    csrfExemptPrefixes: [
      `${config.apiBase}${PAYMENT_NOTIFICATIONS_PATH}`,
      `${config.apiBase}${INTEGRATION_PREFIX}/`,
      // The emailed one-click unsubscribe: its signed query is the credential, no cookie is used.
      `${config.apiBase}${REMINDERS_UNSUBSCRIBE_PATH}`,
    ],
  });
  await registerRateLimits(app, config);
  registerNoStore(app, { apiBase: config.apiBase });
  registerControlCharacterCheck(app);
  markStart('session, rate limits');
  const pageFallback = await registerStaticWeb(app, config);
  markStart('static web');
  registerErrorHandler(app, { pageFallback });

  // One memory budget for every grid's answers (GRID_CACHE_MB), shared by their routes.
  const deps = { services, config, gridAnswers: createResponseCache({ maxBytes: config.gridCacheBytes }) };
  healthRoutes(app, { health: createHealthService(database) });
  registerMetrics(app, {
    config,
    database,
    sessions: services.sessions,
    operations: createOperationsStatsService(database.db, services.jobs),
  });
  await app.register(
    async (api) => {
      // One more file than allowed, so that the service sees the 11th and refuses with its message.
      await api.register(multipart, {
        limits: {
          files: MAX_UPLOAD_QUEUE + 1,
          fileSize: config.uploads.maxFileMb * 1024 * 1024 + 1,
          fields: 10,
          parts: MAX_UPLOAD_QUEUE + 11,
        },
        throwFileSizeLimit: false,
        // Names arrive as sent, so that one carrying a path is refused rather than silently cut.
        preservePath: true,
      });
      configRoutes(api, deps);
      authRoutes(api, deps);
      signInHelpRoutes(api, deps);
      accountSetupRoutes(api, deps);
      ssoRoutes(api, deps);
      pinStepRoutes(api, deps);
      secondFactorStepRoutes(api, deps);
      outboxRoutes(api, deps);
      accountsRoutes(api, deps);
      dashboardRoutes(api, deps);
      statementsRoutes(api, deps);
      remindersRoutes(api, deps);
      dataSourcesRoutes(api, deps);
      invoicesRoutes(api, deps);
      documentsRoutes(api, deps);
      exportsRoutes(api, deps);
      cartRoutes(api, deps);
      searchRoutes(api, deps);
      activityRoutes(api, deps);
      disputesRoutes(api, deps);
      paymentLogsRoutes(api, deps);
      paymentsRoutes(api, deps);
      paymentProfilesRoutes(api, deps);
      autopayRoutes(api, deps);
      paymentApprovalsRoutes(api, deps);
      uploadsRoutes(api, deps);
      helpRoutes(api);
      userProfileRoutes(api, deps);
      secondFactorsRoutes(api, deps);
      locationRoutes(api, deps);
      companiesRoutes(api, deps);
      announcementsRoutes(api, deps);
      integrationRoutes(api, deps);
      if (testClock) testClockRoutes(api, { clock: testClock });
    },
    { prefix: config.apiBase },
  );
  markStart('routes registered');
  return app;
}

/** In production the outboxes deliver nothing: say so once, loudly, at start. */
function warnAboutOutboxes(app: FastifyInstance, config: AppConfig) {
  if (config.env !== 'production') return;
  if (config.sms.transport === 'outbox') {
    app.log.warn('SMS_TRANSPORT=outbox: sign-in codes are stored and logged, not delivered');
  }
  if (config.email.transport === 'outbox') {
    app.log.warn('EMAIL_TRANSPORT=outbox: emails are stored and logged, not delivered');
  }
  if (config.devOutbox)
    app.log.warn('DEV_OUTBOX=true: the development outbox shows codes and links to anyone');
  if (config.testClock)
    app.log.warn("SETTLE_TEST_CLOCK=1: anyone can move the sessions' clock forward (browser tests only)");
}
