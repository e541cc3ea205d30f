import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';

/** Liveness answers while the process runs; readiness also needs the database. */
export function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
