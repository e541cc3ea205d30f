import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call as it arrived: the raw body (a signature covers its exact bytes) and the headers. */
export type ReceivedCall = { body: string; headers: IncomingHttpHeaders };

export type WebhookReceiver = {
  /** http://127.0.0.1:<port>/hooks */
  readonly url: string;
  readonly calls: readonly ReceivedCall[];
  close(): Promise<void>;
};

/**
 * The provider's end of the webhooks, on a free loopback port: it keeps every call and answers
 * 204, as an ERP that took the event would. Checking the signatures is the test's business.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
