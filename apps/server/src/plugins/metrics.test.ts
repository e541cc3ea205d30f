import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema/payments';
import { integrationClient } from '../modules/integration/integration-test-support';
import { buildTenant } from '../test/factories';
import { startNotificationReceiver } from '../test/notification-receiver';
import { signedInCustomer } from '../test/signed-in-customer';
import { createTestApp, type TestContext } from '../test/test-app';

const TOKEN = 'metrics-token-for-the-test-0123';

/** The value of one sample line of the exposition text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp({ METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  });
  afterAll(() => context.close());

  const scrape = (authorization?: string) =>
    context.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('asks for the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
      expect(response.body).not.toContain('settle_http');
    }
  });

  it('counts requests by route pattern and status, their durations, queries and live sessions', async () => {
    const tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
    const own = await signedInCustomer(context, tenantId);
    const { invNo } = await own.invoice();
    await own.client.get(`/invoices/detail/${invNo}`);
    await own.client.get(`/invoices/detail/${invNo}`);
    await own.client.get('/invoices/detail/NO-SUCH');

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const detail = 'route="/getpaid-rest/api/invoices/detail/:invNo"';
    expect(sample(text, `settle_http_requests_total{method="GET",${detail},status="200"}`)).toBe(2);
    expect(sample(text, `settle_http_requests_total{method="GET",${detail},status="404"}`)).toBe(1);
    expect(
      sample(text, `settle_http_request_duration_seconds_count{method="GET",${detail},status="200"}`),
    ).toBe(2);
    expect(sample(text, 'settle_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'settle_sessions_live')).toBe(1);
    // Ids never become series of their own.
    expect(text).not.toContain(invNo);

    await own.client.get('/auth/logout');
    expect(sample((await scrape(`Bearer ${TOKEN}`)).body, 'settle_sessions_live')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('is off', async () => {
    const response = await context.app.inject({ url: '/metrics', headers: { authorization: 'Bearer ' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('settle_');
  });
});

describe('GET /metrics: payments, webhook deliveries and scheduled jobs', () => {
  let context: TestContext;
  let tenantId = 0;

  beforeAll(async () => {
    context = await createTestApp({ METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
    tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  });
  afterAll(() => context.close());

  const scrape = async () =>
    (await context.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('reports payments by outcome as the database holds them', async () => {
    const { db } = context.database;
    const own = await signedInCustomer(context, tenantId);
    expect(sample(await scrape(), 'settle_payments{status="PENDING"}')).toBeUndefined();
    const [payment] = await db
      .insert(payments)
      .values({
        extTranRefId: 'METRICS-1',
        tenantId,
        customerId: own.customer.id,
        custNo: own.customer.custNo,
        payerName: 'Ada',
        currencyCode: 'USD',
        flow: 'cart',
        paymentType: 'CREDIT_CARD',
        methodType: 'CARD',
        provider: 'sandbox',
      })
      .returning();
    expect(sample(await scrape(), 'settle_payments{status="PENDING"}')).toBe(1);
    await db.update(payments).set({ status: 'SUCCESS' }).where(eq(payments.id, payment!.id));
    const after = await scrape();
    expect(sample(after, 'settle_payments{status="SUCCESS"}')).toBe(1);
    expect(sample(after, 'settle_payments{status="PENDING"}')).toBeUndefined();
  });

  it('reports webhook deliveries by status and the queue waiting for a sender', async () => {
    const receiver = await startNotificationReceiver();
    try {
      const client = await integrationClient(context, tenantId);
      await client.post('/webhooks', { url: receiver.url, eventTypes: ['promise.set'] });
      const own = await signedInCustomer(context, tenantId);
      const { invNo } = await own.invoice();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await own.client.put('/invoices/promiseUnPromise', {
        invNo: [invNo],
        promised: true,
        nextFollowupDate: tomorrow,
      });
      const queued = await scrape();
      expect(sample(queued, 'settle_webhook_deliveries{status="PENDING"}')).toBe(1);
      expect(sample(queued, 'settle_webhook_queue_depth')).toBe(1);

      expect(await context.app.services.webhookDelivery.runOnce()).toBe(1);
      const sent = await scrape();
      expect(sample(sent, 'settle_webhook_deliveries{status="DELIVERED"}')).toBe(1);
      expect(sample(sent, 'settle_webhook_deliveries{status="PENDING"}')).toBeUndefined();
      expect(sample(sent, 'settle_webhook_queue_depth')).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('reports job runs by job and status, and the jobs still due', async () => {
    const jobs = context.app.services.jobs;
    const registered = jobs.names().length;
    // At 08:00 UTC on the 1st every registered job has a period due (daily ones from 02:00 or
    // 07:00, monthly ones from the 1st at 06:00, the ones every few minutes).
    const now = new Date('2031-04-01T08:00:00Z');
    expect(await jobs.due(now)).toBe(registered);
    expect(
      sample(await scrape(), 'settle_job_runs{job="purge-expired-sessions",status="DONE"}'),
    ).toBeUndefined();
    await jobs.runDue(now);
    expect(await jobs.due(now)).toBe(0);
    const text = await scrape();
    expect(sample(text, 'settle_job_runs{job="purge-expired-sessions",status="DONE"}')).toBe(1);
    expect(sample(text, 'settle_job_runs{job="recover-pending-payments",status="DONE"}')).toBe(1);
    // The scrape asks about the real now: the runs of 2031 do not make today's periods done.
    expect(sample(text, 'settle_jobs_due')).toBeGreaterThan(0);
  });
});
