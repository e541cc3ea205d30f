import { ErrorCode } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The graceful stop (SIGTERM): from now on readiness fails and every new request answers 503
     * with Connection: close; the requests in flight finish; background work stops at the end of
     * its current pass; then the app closes (listener, database). Resolves when all is closed.
     */
    shutdown(options?: { timeoutMs?: number }): Promise<void>;
    isShuttingDown(): boolean;
  }
}

type Stoppable = { stop(): Promise<void> };

export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a few seconds.';

/** First among the request hooks, so that a request refused while closing does no work at all. */
export function registerGracefulShutdown(app: FastifyInstance, options: { background: Stoppable[] }) {
  let closing: Promise<void> | undefined;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const settle = () => {
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };

  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new AppError({
        statusCode: 503,
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: SHUTTING_DOWN_MESSAGE,
      });
    }
    inFlight += 1;
    // Once per request, whether it was answered or its client went away.
    reply.raw.once('close', settle);
  });

  app.decorate('isShuttingDown', () => closing !== undefined);
  app.decorate('shutdown', (shutdownOptions: { timeoutMs?: number } = {}) => {
    closing ??= (async () => {
      const requestsDone =
        inFlight === 0
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              drained = resolve;
            });
      const deadline = new Promise<void>((resolve) =>
        setTimeout(resolve, shutdownOptions.timeoutMs ?? 20_000).unref(),
      );
      // Background work is not cut: each sender or runner finishes the pass it is in, then stops.
      await Promise.all([
        Promise.race([requestsDone, deadline]),
        ...options.background.map((work) => work.stop()),
      ]);
      app.log.info('graceful stop: requests in flight finished, background work stopped');
      await app.close();
    })();
    return closing;
  });
}
