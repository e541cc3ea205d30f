import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SandboxNotification } from './sandbox-records';
import type { SandboxStore } from './sandbox-store';

export type NotifierLogger = { warn: (message: string) => void };

/** Delays before the 2nd, 3rd... attempts: the backoff of providers, shortened for a sandbox. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

/**
 * Sends Settle the sandbox's notifications, signed with the Standard Webhooks scheme. The webhook-id
 * stays the same across retries (so Settle can tell a replay), the timestamp and signature are made
 * at each attempt (so a retry is not refused as stale). Anything but a 2xx answer is retried.
 */
export function createSandboxNotifier(options: {
  store: SandboxStore;
  signingSecret: string;
  notifyUrl: () => string | undefined;
  retryDelaysMs: number[];
  logger: NotifierLogger;
}) {
  const webhook = new Webhook(options.signingSecret);
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  /** Notifications being sent or waiting for their next attempt: a resend leaves them alone. */
  const active = new Set<string>();
  let closed = false;

  async function attempt(notification: SandboxNotification): Promise<void> {
    const url = options.notifyUrl();
    if (!url || closed) {
      active.delete(notification.id);
      return;
    }
    notification.attempts += 1;
    const timestamp = new Date();
    let delivered = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': notification.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': webhook.sign(notification.id, timestamp, notification.body),
        },
        body: notification.body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivered = response.ok;
      if (!delivered) options.logger.warn(`notification ${notification.id}: answered ${response.status}`);
    } catch (error) {
      options.logger.warn(`notification ${notification.id}: ${(error as Error).message}`);
    }
    if (delivered) {
      active.delete(notification.id);
      options.store.markDelivered(notification);
      await options.store.save();
      return;
    }
    const delay = options.retryDelaysMs[notification.attempts - 1];
    if (delay === undefined || closed) {
      active.delete(notification.id);
      if (!closed) {
        options.logger.warn(
          `notification ${notification.id}: given up after ${notification.attempts} attempts`,
        );
      }
      return;
    }
    schedule(notification, delay);
  }

  function schedule(notification: SandboxNotification, delay: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      track(attempt(notification));
    }, delay);
    timers.add(timer);
  }

  function start(notification: SandboxNotification): void {
    active.add(notification.id);
    track(attempt(notification));
  }

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  return {
    /** Records the notification (so a restart still sends it) and sends it. */
    async send(event: Record<string, unknown>): Promise<string> {
      const notification: SandboxNotification = {
        id: `msg_${randomUUID().replaceAll('-', '')}`,
        body: JSON.stringify(event),
        delivered: false,
        attempts: 0,
        createdAt: new Date().toISOString(),
      };
      options.store.putNotification(notification);
      await options.store.save();
      // A resend (a notification route set meanwhile) may have started, even delivered, it during the save.
      if (!active.has(notification.id) && !notification.delivered) start(notification);
      return notification.id;
    },
    /** At start: the notifications a previous run could not deliver are sent again. */
    resendUndelivered(): void {
      for (const notification of options.store.notifications.values()) {
        if (!notification.delivered && !active.has(notification.id)) {
          notification.attempts = 0;
          start(notification);
        }
      }
    },
    async close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type SandboxNotifier = ReturnType<typeof createSandboxNotifier>;
