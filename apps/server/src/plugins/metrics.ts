import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { SessionService } from '../modules/auth/session.service';
import type { OperationsStatsService } from '../modules/health/operations-stats.service';

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (as a bearer
 * token); off (404) while the setting is unset. One registry per app, so that several apps in
 * one process (tests) count apart.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    config: AppConfig;
    database: DatabaseHandle;
    sessions: SessionService;
    operations: OperationsStatsService;
  },
) {
  const { config, database, sessions, operations } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'settle_' });

  const requests = new Counter({
    name: 'settle_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'settle_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'settle_db_query_duration_seconds',
    help: 'Time of the database queries run outside transactions',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  database.observeQueries((seconds) => queries.observe(seconds));
  const { poolStats } = database;
  if (poolStats) {
    new Gauge({
      name: 'settle_db_pool_connections',
      help: "The PostgreSQL pool's connections, by state (total, idle, and requests waiting for one)",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  new Gauge({
    name: 'settle_sessions_live',
    help: 'Signed-in sessions within their idle and absolute time-outs',
    registers: [registry],
    async collect() {
      this.set(await sessions.countLive());
    },
  });

  new Gauge({
    name: 'settle_payments',
    help: 'Payments by outcome (PENDING while in flight), across all processes',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await operations.paymentsByStatus();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'settle_webhook_deliveries',
    help: 'Webhook deliveries by status (PENDING, DELIVERED, FAILED)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await operations.webhookDeliveriesByStatus();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'settle_webhook_queue_depth',
    help: 'Webhook deliveries pending and due now (waiting for a sender)',
    registers: [registry],
    async collect() {
      this.set(await operations.webhookQueueDepth());
    },
  });
  new Gauge({
    name: 'settle_job_runs',
    help: 'Scheduled job runs (one per job and period) by job and status',
    labelNames: ['job', 'status'] as const,
    registers: [registry],
    async collect() {
      const rows = await operations.jobRunsByStatus();
      this.reset();
      for (const row of rows) this.set({ job: row.job, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'settle_jobs_due',
    help: 'Scheduled jobs whose current period has not run yet',
    registers: [registry],
    async collect() {
      this.set(await operations.jobsDue());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw path: one series per route, whatever the ids in it.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!config.metricsToken) {
      return reply
        .code(404)
        .send({ statusCode: 404, code: 'NOT_FOUND', message: 'No such endpoint: GET /metrics' });
    }
    if (!bearerMatches(request.headers.authorization, config.metricsToken)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'Send the metrics token as a bearer token.',
      });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
