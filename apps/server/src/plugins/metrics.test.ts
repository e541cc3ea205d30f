import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../test/factories';
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
    context = await createTestApp({ METRICS_TOKEN: TOKEN });
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
