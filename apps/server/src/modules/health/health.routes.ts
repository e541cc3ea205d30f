import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service';

/** Liveness answers while the process runs; readiness also needs the database. */
export function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { ready, database } = await health.readiness();
    if (ready) return { status: 'ready', database };
    return reply.code(503).send({ status: 'unavailable', database });
  });
}
