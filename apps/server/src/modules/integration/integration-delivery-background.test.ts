import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { eventsListed, integrationClient } from './integration-test-support';
import { createWebhookDelivery } from './webhook-delivery';

let context: TestContext;
let tenantId = 0;
let receiver: Server;
let receiverUrl = '';
let secret = '';
const received: string[] = [];

beforeAll(async () => {
  // Not NODE_ENV=test: the app starts its own sender, as the server does.
  context = await createTestApp({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  await context.app.ready();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const event = new Webhook(secret).verify(body, request.headers as Record<string, string>) as {
        id: string;
      };
      received.push(event.id);
      response.writeHead(200).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  receiver.close();
  await context.close();
});

async function until(condition: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('delivery in the background of the server', () => {
  it('sends without being asked; two senders at once deliver each event once', async () => {
    const client = await integrationClient(context, tenantId);
    secret = (await client.post('/webhooks', { url: receiverUrl, eventTypes: ['*'] })).json().secret;
    const own = await signedInCustomer(context, tenantId);
    const { serverDate } = (await own.client.get('/location/serverDate')).json();
    const invoices = await Promise.all(Array.from({ length: 8 }, () => own.invoice()));
    await own.client.put('/invoices/promiseUnPromise', {
      invNo: invoices.map((invoice) => invoice.invNo),
      promised: true,
      nextFollowupDate: serverDate,
    });
    await until(() => received.length >= 8);
    expect(received).toHaveLength(8);

    // Stop the app's sender; two others race over the next events.
    await context.app.services.webhookDelivery.stop();
    received.length = 0;
    await own.client.put('/invoices/promiseUnPromise', {
      invNo: invoices.map((invoice) => invoice.invNo),
      promised: false,
    });
    const quiet = { warn: () => {}, error: () => {} };
    const one = createWebhookDelivery(context.database.db, { logger: quiet, allowPrivateAddresses: true });
    const two = createWebhookDelivery(context.database.db, { logger: quiet, allowPrivateAddresses: true });
    for (let pass = 0; pass < 10 && received.length < 8; pass += 1)
      await Promise.all([one.runOnce(2), two.runOnce(2)]);
    expect(received).toHaveLength(8);
    expect(new Set(received).size).toBe(8);
    await eventsListed(context.database.db);
    const { events } = (await client.get('/events?limit=1000')).json();
    expect(events.filter((event: { type: string }) => event.type === 'promise.removed')).toHaveLength(8);
  });
});
