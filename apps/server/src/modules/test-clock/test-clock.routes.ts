import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdjustableClock } from '../../lib/clock';

const ZAdvanceRequest = z.object({
  /** At most a day at a time: enough for any time-out, and a typo cannot move it by years. */
  minutes: z
    .number()
    .positive()
    .max(24 * 60),
});

const ZAdvanceResponse = z.object({ now: z.string() }).meta({ id: 'TestClockNow' });

/**
 * Browser tests only: moves the clock of the sessions' time-outs forward, so that a test
 * sees a session expire without waiting for it. Registered only when config.testClock is on
 * (the development aids and SETTLE_TEST_CLOCK=1); elsewhere the path answers 404.
 */
export function testClockRoutes(app: FastifyInstance, { clock }: { clock: AdjustableClock }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/clock/advance',
    {
      schema: {
        tags: ['development'],
        summary: "Tests only: moves the sessions' clock forward by some minutes",
        body: ZAdvanceRequest,
        response: { 200: ZAdvanceResponse },
      },
    },
    async (request) => ({ now: clock.advance(request.body.minutes * 60_000).toISOString() }),
  );
}
