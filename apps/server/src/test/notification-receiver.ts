import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedNotification = { headers: Record<string, string>; body: string; answeredStatus: number };

/**
 * A real HTTP peer on loopback standing in for Settle's notification route: records every request and
 * answers the next statuses it is told to (then 204), so that retries can be watched.
 */
export async function startNotificationReceiver() {
  const received: ReceivedNotification[] = [];
  const upcoming: number[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];

  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const status = upcoming.shift() ?? 204;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), answeredStatus: status });
    response.writeHead(status).end();
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;

  return {
    url,
    received,
    /** The next requests are answered with these statuses, in order. */
    answerNext(...statuses: number[]) {
      upcoming.push(...statuses);
    },
    /** Resolves once `count` requests in all have arrived (fails the test after `timeoutMs`). */
    waitFor(count: number, timeoutMs = 10_000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} notifications, received ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    /** Parsed bodies of what arrived. */
    events(): Array<{ type: string; data: Record<string, unknown> }> {
      return received.map((notification) => JSON.parse(notification.body));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type NotificationReceiver = Awaited<ReturnType<typeof startNotificationReceiver>>;
