import { randomBytes, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@settle/shared/payments';
import { desc, eq } from 'drizzle-orm';
import { type SandboxProvider, startSandboxProvider } from '../../adapters/payments/sandbox/sandbox-provider';
import type { AppConfig } from '../../config';
import { courierMessages } from '../../db/schema/access';
import { invoices } from '../../db/schema/invoices';
import { paymentEvents, paymentLines, payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { seedDemoPayments } from '../../db/seed/demo-payments';
import type { Clock } from '../../lib/clock';
import { buildTenant } from '../../test/factories';
import { type NotificationReceiver, startNotificationReceiver } from '../../test/notification-receiver';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestClient, type TestContext } from '../../test/test-app';

export const DEMO_TEST_CURRENCIES = ['USD', 'EUR', 'CAD', 'GBP'];

/** Sends a payment start with an Idempotency-Key (a fresh one unless given; null sends none). */
export function postWithKey(
  client: TestClient,
  url: string,
  body: unknown,
  key: string | null = randomUUID(),
) {
  return client.request({
    method: 'POST',
    url,
    payload: body as never,
    headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

/**
 * An app on a fresh database wired to a real sandbox provider on loopback (its own origin), whose
 * notifications go to a recording receiver: a test forwards them to Settle when it wants to, as many
 * times as it wants. The demo payment configuration is seeded for the test tenant.
 */
export async function startPaymentsHarness(
  options: { pendingMs?: number; dataFile?: string; clock?: Clock } = {},
) {
  const secret = randomBytes(32).toString('base64url');
  const receiver: NotificationReceiver = await startNotificationReceiver();
  const sandbox: SandboxProvider = await startSandboxProvider({
    secret,
    port: 0,
    notifyUrl: receiver.url,
    pendingMs: options.pendingMs ?? 300,
    retryDelaysMs: [],
    dataFile: options.dataFile,
  });
  const withSandbox = (config: AppConfig): AppConfig =>
    config.payments.provider === 'sandbox'
      ? { ...config, payments: { ...config.payments, apiUrl: sandbox.origin, secret } }
      : config;
  const context: TestContext = await createTestApp(
    { PAYMENT_SANDBOX_SECRET: secret },
    withSandbox,
    options.clock ? { services: { clock: options.clock } } : {},
  );
  const { db } = context.database;
  const tenant = await buildTenant(db);
  await seedDemoPayments(db, { tenantId: tenant.id, currencies: DEMO_TEST_CURRENCIES });

  return {
    context,
    sandbox,
    receiver,
    secret,
    tenantId: tenant.id,
    withSandbox,
    /** A signed-in user of a new customer (USD and EUR), with an email for receipts. */
    async account(options: Parameters<typeof signedInCustomer>[2] = {}) {
      const own = await signedInCustomer(context, tenant.id, {
        customer: { currencies: ['USD', 'EUR'] },
        ...options,
      });
      const email = `${own.user.loginName}@example.com`;
      await db.update(users).set({ email }).where(eq(users.id, own.user.id));
      return { ...own, email };
    },
    async invoice(id: number) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row!;
    },
    async payment(extTranRefId: string) {
      const [row] = await db.select().from(payments).where(eq(payments.extTranRefId, extTranRefId));
      return row;
    },
    async paymentCount(customerId: number) {
      return (await db.select({ id: payments.id }).from(payments).where(eq(payments.customerId, customerId)))
        .length;
    },
    async lines(paymentId: number) {
      return db.select().from(paymentLines).where(eq(paymentLines.paymentId, paymentId));
    },
    async events(paymentId: number) {
      return (await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).map(
        (row) => row.event,
      );
    },
    async emails(recipient: string) {
      await context.app.services.background.drain();
      return db
        .select()
        .from(courierMessages)
        .where(eq(courierMessages.recipient, recipient))
        .orderBy(desc(courierMessages.id));
    },
    /** Sends one recorded notification to Settle exactly as the provider sent it. */
    forward(
      notification: { headers: Record<string, string>; body: string },
      headers: Record<string, string> = {},
    ) {
      return context.app.inject({
        method: 'POST',
        url: `${context.api}/payment/notifications/sandbox`,
        headers: {
          'content-type': 'application/json',
          'webhook-id': notification.headers['webhook-id']!,
          'webhook-timestamp': notification.headers['webhook-timestamp']!,
          'webhook-signature': notification.headers['webhook-signature']!,
          ...headers,
        },
        payload: notification.body,
      });
    },
    async close() {
      await context.close();
      await sandbox.close();
      await receiver.close();
    },
  };
}

export type PaymentsHarness = Awaited<ReturnType<typeof startPaymentsHarness>>;
