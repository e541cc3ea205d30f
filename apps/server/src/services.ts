import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CourierLogger } from './adapters/courier-messages';
import { type Couriers, createCouriers } from './adapters/couriers';
import type { FileStorage } from './adapters/file-storage/file-storage';
import { createLocalFileStorage } from './adapters/file-storage/local-file-storage';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway';
import type { PaymentGateway } from './adapters/payments/payment-gateway';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { createSealer } from './lib/sealed-values';
import { publicOrigin } from './modules/account-setup/account-links';
import { createAccountSetupService } from './modules/account-setup/account-setup.service';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createActivityService } from './modules/activity/activity.service';
import { createAnnouncementsService } from './modules/announcements/announcements.service';
import { createAccountTokens } from './modules/auth/account-tokens';
import { createAuthService } from './modules/auth/auth.service';
import { createKeyed } from './modules/auth/auth-secret';
import { type BackgroundTasks, createBackgroundTasks } from './modules/auth/background-tasks';
import { createCredentials } from './modules/auth/credentials';
import { createLoginThrottle, type Sleep } from './modules/auth/login-throttle';
import { createPinService } from './modules/auth/pin.service';
import { createPinStepService } from './modules/auth/pin-step.service';
import { createPreloginService } from './modules/auth/prelogin.service';
import { createRecoveryService } from './modules/auth/recovery.service';
import { createSecondFactorStepService } from './modules/auth/second-factor-step.service';
import { createSessionService } from './modules/auth/session.service';
import { createAutopayService } from './modules/autopay/autopay.service';
import { autopayJob } from './modules/autopay/autopay-job';
import { createAutopayRunService } from './modules/autopay/autopay-run.service';
import { createCaptchaService } from './modules/captcha/captcha.service';
import { type CartService, createCartService } from './modules/cart/cart.service';
import { createCompaniesService } from './modules/companies/companies.service';
import { createPublicConfigService } from './modules/config/config.service';
import { createOutboxService } from './modules/couriers/outbox.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createDisputeCreateService } from './modules/disputes/dispute-create.service';
import { DISPUTE_FIELDS } from './modules/disputes/dispute-fields';
import { createDisputeUpdateService } from './modules/disputes/dispute-update.service';
import { createDisputesService } from './modules/disputes/disputes.service';
import { createExportsService } from './modules/exports/exports.service';
import { gridScopeProbe } from './modules/grid-cache/grid-scope-probe';
import { createIdempotencyService } from './modules/idempotency/idempotency.service';
import { createApiKeysService } from './modules/integration/api-keys.service';
import { createIntegrationService } from './modules/integration/integration.service';
import { createIntegrationEventsService } from './modules/integration/integration-events.service';
import { createLedgerLoadService } from './modules/integration/ledger-load.service';
import { createWebhookDelivery } from './modules/integration/webhook-delivery';
import { createWebhooksService } from './modules/integration/webhooks.service';
import { INVOICE_FIELDS } from './modules/invoices/invoice-fields';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { createPromisesService } from './modules/invoices/promises.service';
import { housekeepingJobs } from './modules/jobs/housekeeping-jobs';
import { createJobRunner } from './modules/jobs/job-runner';
import { createNachaService } from './modules/nacha/nacha.service';
import { createApprovalPolicyService } from './modules/payment-approvals/approval-policy.service';
import { createPaymentApprovalsService } from './modules/payment-approvals/payment-approvals.service';
import { PAYMENT_LOG_FIELDS } from './modules/payment-logs/payment-log-fields';
import { createPaymentLogsService } from './modules/payment-logs/payment-logs.service';
import { createPaymentProfilesService } from './modules/payment-profiles/payment-profiles.service';
import { createPaymentQueriesService } from './modules/payments/payment-queries.service';
import { paymentRecoveryJob } from './modules/payments/payment-recovery-job';
import { createPaymentSettingsService } from './modules/payments/payment-settings.service';
import { createPaymentSettlementService } from './modules/payments/payment-settlement.service';
import { createPaymentsService } from './modules/payments/payments.service';
import { createReceiptsService } from './modules/payments/receipts.service';
import { createColumnPreferencesService } from './modules/preferences/column-preferences.service';
import { reminderDigestJob } from './modules/reminders/reminder-digest-job';
import { createRemindersService } from './modules/reminders/reminders.service';
import { createSavedSearchesService } from './modules/search/saved-searches.service';
import { createPasskeysService } from './modules/second-factors/passkeys.service';
import { createSecondFactorsService } from './modules/second-factors/second-factors.service';
import { createSsoService } from './modules/sso/sso.service';
import { monthlyStatementJob } from './modules/statements/monthly-statement-job';
import { createStatementsService } from './modules/statements/statements.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createUserProfileService } from './modules/user-profile/user-profile.service';

/** The couriers' levels and debug, for the job runner's routine runs. */
type ServiceLogger = CourierLogger & Pick<FastifyBaseLogger, 'debug'>;

export type ServiceOptions = {
  /** The key of sign-in HMACs (see auth-secret.ts); a random one when omitted (scripts, benchmarks). */
  authSecret?: string;
  logger?: ServiceLogger;
  /** Tests replace what would make them slow or hide work: the brute-force delay, background work, couriers. */
  sleep?: Sleep;
  background?: BackgroundTasks;
  couriers?: Couriers;
  /** What "now" is (sessions' time-outs, grid validators' quarter hour); the system clock when omitted (see lib/clock.ts). */
  clock?: Clock;
  /** Where uploads are kept; a directory under the configured upload folder when omitted. */
  fileStorage?: FileStorage;
  /** The payment provider; the one the settings name (PAYMENT_PROVIDER) when omitted. */
  paymentGateway?: PaymentGateway;
  /** The embedded database's write generation (db/client.ts): sessions read stay known until a write. */
  writeGeneration?: () => number;
};

const SILENT: ServiceLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Services wired once per app; routes reach the database only through these. */
export function createServices(db: Db, config: AppConfig, options: ServiceOptions = {}) {
  const logger = options.logger ?? SILENT;
  // A grid call's customer link, data versions and cart read in its session statement (grid-cache).
  const sessions = createSessionService(db, config, options.clock, {
    probe: gridScopeProbe,
    writeGeneration: options.writeGeneration,
  });
  let cart: CartService | undefined;
  const accounts = createAccountsService(db, sessions, {
    cartSummaries: (userId) => (cart ? cart.summaries(userId) : Promise.resolve([])),
  });
  const authSecret = options.authSecret ?? randomBytes(32).toString('base64url');
  const keyed = createKeyed(authSecret);
  // Links and the sign-on state carry values sealed with the same secret (see sealed-values.ts).
  const sealer = createSealer(authSecret);
  const couriers = options.couriers ?? createCouriers(db, config, logger);
  const background = options.background ?? createBackgroundTasks(logger);
  const throttle = createLoginThrottle(db, { lockoutMinutes: config.lockoutMinutes, sleep: options.sleep });
  const credentials = createCredentials({ throttle, keyed });
  const pins = createPinService(db, { keyed, sms: couriers.sms, ttlMinutes: config.pin.ttlMinutes });
  let auth: ReturnType<typeof createAuthService> | undefined;
  const clock = options.clock ?? systemClock;
  const secondFactors = createSecondFactorsService(db, {
    sealer,
    keyed,
    clock,
    findUser: (userId) => auth!.findUserById(userId),
  });
  const passkeys = createPasskeysService(db, { config, keyed, clock, factors: secondFactors });
  auth = createAuthService(db, { sessions, accounts, credentials, pins, secondFactors });
  const secondFactorStep = createSecondFactorStepService({
    auth,
    sessions,
    credentials,
    secondFactors,
    passkeys,
    countFailure: secondFactors.countFailure,
  });
  const publicConfig = createPublicConfigService({ config, auth });
  const pinStep = createPinStepService(db, { pins, credentials });
  const prelogin = createPreloginService(db, { auth, keyed, config });
  const sso = createSsoService({ config, auth, sealer, logger });
  const accountTokens = createAccountTokens(db);
  const captcha = createCaptchaService(db, {
    keyed,
    ttlMinutes: config.captcha.ttlMinutes,
    keepAnswers: config.devOutbox,
  });
  const integrationEvents = createIntegrationEventsService(db);
  const activity = createActivityService(db, accounts, integrationEvents);
  const accountSetup = createAccountSetupService(db, {
    activity,
    config,
    sealer,
    auth,
    captcha,
    couriers,
    background,
    throttle,
    tokens: accountTokens,
  });
  const recovery = createRecoveryService(db, {
    config,
    auth,
    couriers,
    background,
    logger,
    tokens: accountTokens,
    links: accountSetup,
  });
  const outbox = createOutboxService(db);
  const dashboard = createDashboardService(db, accounts);
  const invoices = createInvoicesService(db, accounts, {
    cacheTotals: config.gridCacheBytes > 0,
    clock: options.clock,
  });
  const promises = createPromisesService(db, accounts, activity, { maxDays: config.promiseMaxDays });
  const approvalPolicy = createApprovalPolicyService(db);
  cart = createCartService(db, accounts, invoices, activity, approvalPolicy);
  const fileStorage = options.fileStorage ?? createLocalFileStorage(config.uploads.dir);
  const uploads = createUploadsService(db, accounts, fileStorage, { maxFileMb: config.uploads.maxFileMb });
  const disputes = createDisputesService(db, accounts, uploads, { clock: options.clock });
  const disputeDeps = { accounts, invoices, uploads, activity, disputes };
  const disputeCreate = createDisputeCreateService(db, disputeDeps);
  const disputeUpdate = createDisputeUpdateService(db, disputeDeps);
  const columnPreferences = createColumnPreferencesService(db);
  const savedSearches = createSavedSearchesService(db, {
    invoices: INVOICE_FIELDS,
    disputes: DISPUTE_FIELDS,
    paymentLogs: PAYMENT_LOG_FIELDS,
  });
  const idempotency = createIdempotencyService(db);
  const paymentGateway = options.paymentGateway ?? createPaymentGateway(config);
  const paymentSettings = createPaymentSettingsService(db);
  const outcomeDeps = { invoices, cart, activity, logger };
  let receipts: ReturnType<typeof createReceiptsService> | undefined;
  const paymentSettlement = createPaymentSettlementService(db, {
    ...outcomeDeps,
    gateway: paymentGateway,
    onSucceeded: (payment) => background.run('payment receipt email', () => receipts!.sendEmail(payment)),
  });
  const paymentQueries = createPaymentQueriesService(db, {
    accounts,
    invoices,
    settings: paymentSettings,
    settlement: paymentSettlement,
  });
  const paymentLogs = createPaymentLogsService(db, { accounts, paymentQueries, clock: options.clock });
  const exports = createExportsService({ invoices, accounts, disputes, paymentLogs });
  receipts = createReceiptsService(db, { queries: paymentQueries, email: couriers.email });
  const payments = createPaymentsService(db, {
    ...outcomeDeps,
    accounts,
    settings: paymentSettings,
    settlement: paymentSettlement,
    gateway: paymentGateway,
    sealer,
    approvalPolicy,
  });
  const paymentProfiles = createPaymentProfilesService(db, {
    accounts,
    activity,
    settings: paymentSettings,
    payments,
    gateway: paymentGateway,
    sealer,
    clock: options.clock ?? systemClock,
  });
  const paymentApprovals = createPaymentApprovalsService(db, {
    accounts,
    cart,
    paymentProfiles,
    payments,
    sessions,
    activity,
    policy: approvalPolicy,
    email: couriers.email,
    background,
    logger,
  });
  const userProfile = createUserProfileService(db, { accounts, sessions });
  const companies = createCompaniesService(db, accounts);
  const announcements = createAnnouncementsService(db);
  const apiKeys = createApiKeysService(db);
  const nacha = createNachaService(db, { origin: config.nacha, sealer });
  const ledgerLoad = createLedgerLoadService(db, {
    sessions,
    logger,
    activationEmail: (userId) =>
      background.run('activation email', () => accountSetup.sendActivationLink(userId)),
  });
  const webhooks = createWebhooksService(db, config.webhooks);
  const integration = createIntegrationService(db);
  const webhookDelivery = createWebhookDelivery(db, { logger, ...config.webhooks });
  const jobs = createJobRunner(db, { logger, clock: options.clock });
  for (const job of housekeepingJobs({ sessions, pins, idempotency, fileStorage })) jobs.register(job);
  jobs.register(paymentRecoveryJob(paymentSettlement));
  const statements = createStatementsService(db, { accounts, dashboard });
  const reminders = createRemindersService(db, { keyed });
  const links = { email: couriers.email, origin: publicOrigin(config), apiBase: config.apiBase };
  jobs.register(monthlyStatementJob(db, { statements, ...links }));
  jobs.register(reminderDigestJob(db, { reminders, ...links }));
  const autopay = createAutopayService(db, {
    accounts,
    paymentProfiles,
    clock: options.clock ?? systemClock,
  });
  const autopayRun = createAutopayRunService(db, {
    accounts,
    sessions,
    paymentProfiles,
    email: couriers.email,
    logger,
    origin: config.publicOrigin ?? '',
  });
  jobs.register(autopayJob(autopayRun));
  return {
    nacha,
    statements,
    reminders,
    apiKeys,
    integrationEvents,
    ledgerLoad,
    webhooks,
    integration,
    webhookDelivery,
    jobs,
    autopay,
    autopayRun,
    idempotency,
    paymentGateway,
    paymentSettings,
    paymentSettlement,
    paymentQueries,
    paymentLogs,
    payments,
    paymentProfiles,
    approvalPolicy,
    paymentApprovals,
    receipts,
    userProfile,
    companies,
    announcements,
    sealer,
    captcha,
    accountSetup,
    sessions,
    accounts,
    auth,
    publicConfig,
    couriers,
    background,
    throttle,
    pins,
    pinStep,
    secondFactors,
    passkeys,
    secondFactorStep,
    prelogin,
    sso,
    accountTokens,
    recovery,
    outbox,
    dashboard,
    invoices,
    exports,
    promises,
    cart,
    columnPreferences,
    savedSearches,
    activity,
    uploads,
    disputes,
    disputeCreate,
    disputeUpdate,
  };
}

export type Services = ReturnType<typeof createServices>;
