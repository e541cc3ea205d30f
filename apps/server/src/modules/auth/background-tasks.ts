import type { CourierLogger } from '../../adapters/courier-messages';

export type BackgroundTasks = {
  /** Runs the task after the current request's work; failures are logged, never thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Waits for every task started so far (tests, and shutdown). */
  drain(): Promise<void>;
};

/**
 * Work whose duration must not show in an answer: the recovery email is only sent for real
 * accounts, so sending it inside the request would time an unknown login name apart.
 * 'manual' holds tasks until drain(), so that a test can look at the request's own work.
 */
export function createBackgroundTasks(
  logger: CourierLogger,
  options: { start: 'soon' | 'manual' } = { start: 'soon' },
): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  const held: Array<{ name: string; task: () => Promise<void> }> = [];

  function launch(name: string, task: () => Promise<void>) {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  }

  return {
    run(name, task) {
      if (options.start === 'manual') held.push({ name, task });
      else launch(name, task);
    },
    async drain() {
      for (const { name, task } of held.splice(0)) launch(name, task);
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
