import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { courierMessages } from '../../db/schema/access';
import { openTestDatabase } from '../../test/test-database';
import { CourierError } from '../courier-messages';
import { createHttpSmsCourier } from './http-sms-courier';
import { createOutboxSmsCourier } from './outbox-sms-courier';

type Received = {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: unknown;
};

let database: DatabaseHandle;
let server: Server;
let gatewayUrl: string;
let received: Received[] = [];
let answer: { status: number; text: string; delayMs?: number } = { status: 202, text: '{"id":"m-1"}' };
const logs: Array<{ level: string; entry: unknown }> = [];
const logger = {
  info: (entry: unknown) => logs.push({ level: 'info', entry }),
  warn: (entry: unknown) => logs.push({ level: 'warn', entry }),
  error: (entry: unknown) => logs.push({ level: 'error', entry }),
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  database = await openTestDatabase();
  // A real HTTP peer on loopback standing in for the SMS gateway.
  server = createServer(async (request, response) => {
    const text = await readBody(request);
    received.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: JSON.parse(text),
    });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});
beforeEach(() => {
  received = [];
  logs.length = 0;
  answer = { status: 202, text: '{"id":"m-1"}' };
});

function rowsTo(recipient: string) {
  return database.db.select().from(courierMessages).where(eq(courierMessages.recipient, recipient));
}

describe('the HTTP SMS gateway courier', () => {
  it('posts {to, body} as JSON with the bearer token, and keeps a copy without the code', async () => {
    const courier = createHttpSmsCourier(database.db, logger, {
      gatewayUrl,
      gatewayToken: 's3cret',
      timeoutMs: 2000,
    });
    await courier.send({
      to: '+15550100001',
      body: 'Your Settle sign-in code is 123456.',
      secrets: ['123456'],
    });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/v1/messages',
        authorization: 'Bearer s3cret',
        contentType: 'application/json',
        body: { to: '+15550100001', body: 'Your Settle sign-in code is 123456.' },
      },
    ]);
    const [row] = await rowsTo('+15550100001');
    expect(row).toMatchObject({
      channel: 'sms',
      transport: 'http',
      status: 'sent',
      error: null,
      body: 'Your Settle sign-in code is [redacted].',
    });
    expect(JSON.stringify(logs)).not.toContain('123456');
  });

  it('sends no authorization header without a token', async () => {
    const courier = createHttpSmsCourier(database.db, logger, { gatewayUrl, timeoutMs: 2000 });
    await courier.send({ to: '+15550100002', body: 'hello' });
    expect(received[0]!.authorization).toBeUndefined();
  });

  it('stores a non-2xx answer as a failed message with the reason, and throws', async () => {
    answer = { status: 503, text: 'gateway overloaded, echo: code 654321' };
    const courier = createHttpSmsCourier(database.db, logger, { gatewayUrl, timeoutMs: 2000 });
    const sending = courier.send({ to: '+15550100003', body: 'code 654321', secrets: ['654321'] });
    await expect(sending).rejects.toBeInstanceOf(CourierError);
    await expect(sending).rejects.toThrow('gateway answered 503: gateway overloaded, echo: code [redacted]');
    const [row] = await rowsTo('+15550100003');
    expect(row).toMatchObject({
      status: 'failed',
      error: 'gateway answered 503: gateway overloaded, echo: code [redacted]',
    });
    expect(logs.map((log) => log.level)).toEqual(['error']);
  });

  it('gives up after the time-out', async () => {
    answer = { status: 200, text: '{}', delayMs: 1000 };
    const courier = createHttpSmsCourier(database.db, logger, { gatewayUrl, timeoutMs: 150 });
    await expect(courier.send({ to: '+15550100004', body: 'late' })).rejects.toThrow('gateway timed out');
    const [row] = await rowsTo('+15550100004');
    expect(row).toMatchObject({ status: 'failed', error: 'gateway timed out' });
  });

  it('fails cleanly when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const courier = createHttpSmsCourier(database.db, logger, {
      gatewayUrl: `http://127.0.0.1:${port}/`,
      timeoutMs: 2000,
    });
    await expect(courier.send({ to: '+15550100005', body: 'nobody home' })).rejects.toBeInstanceOf(
      CourierError,
    );
    expect((await rowsTo('+15550100005'))[0]!.status).toBe('failed');
  });
});

describe('the SMS outbox courier', () => {
  it('keeps the whole message, code included, for the development outbox, and logs it without the code', async () => {
    const courier = createOutboxSmsCourier(database.db, logger);
    await courier.send({ tenantId: undefined, to: '+15550100006', body: 'code 111222', secrets: ['111222'] });
    const [row] = await rowsTo('+15550100006');
    expect(row).toMatchObject({ transport: 'outbox', status: 'sent', body: 'code 111222' });
    expect(logs).toEqual([
      { level: 'info', entry: { channel: 'sms', to: '+15550100006', body: 'code [redacted]' } },
    ]);
    expect(received).toEqual([]);
  });
});
