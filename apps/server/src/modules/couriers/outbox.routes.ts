import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Services } from '../../services';

const ZOutboxQuery = z.object({ recipient: z.string().trim().max(320).optional() });

const ZOutboxMessage = z
  .object({
    channel: z.enum(['sms', 'email']),
    recipient: z.string(),
    subject: z.string(),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'OutboxMessage' });

/**
 * The development outbox: what the couriers sent or kept, newest first. It shows sign-in
 * codes and recovery links to anyone who can reach it, so it only exists outside production
 * (or when DEV_OUTBOX=true, for a demo); elsewhere the path answers 404 like any unknown one.
 */
export function outboxRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  if (!config.devOutbox) return;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: the latest 50 messages of the couriers, optionally for one recipient',
        querystring: ZOutboxQuery,
        response: { 200: z.array(ZOutboxMessage) },
      },
    },
    async (request) => services.outbox.latest(request.query.recipient || undefined),
  );
}
