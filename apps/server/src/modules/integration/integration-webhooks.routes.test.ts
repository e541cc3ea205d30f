import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { expectError } from '../../test/expect-error';
import { buildReasonCodes, buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { eventsListed, integrationClient } from './integration-test-support';
import { createWebhookDelivery } from './webhook-delivery';

let context: TestContext;
let tenantId = 0;
let otherTenantId = 0;

/** A loopback receiver that checks every signature with the package's own verifier. */
type Received = { id: string; type: string; data: Record<string, unknown>; webhookId: string };
let receiver: Server;
let receiverUrl = '';
let secret = '';
let down = false;
const received: Received[] = [];
const badSignatures: string[] = [];

beforeAll(async () => {
  // The receiver listens on loopback.
  context = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  otherTenantId = (await buildTenant(context.database.db)).id;
  await buildReasonCodes(context.database.db, tenantId);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (down) {
        response.writeHead(503).end();
        return;
      }
      try {
        const event = new Webhook(secret).verify(body, request.headers as Record<string, string>) as Received;
        received.push({ ...event, webhookId: String(request.headers['webhook-id']) });
        response.writeHead(204).end();
      } catch (error) {
        badSignatures.push((error as Error).message);
        response.writeHead(400).end();
      }
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.close();
  await context.close();
});

async function promise(own: Awaited<ReturnType<typeof signedInCustomer>>, invNo: string, promised: boolean) {
  const { serverDate } = (await own.client.get('/location/serverDate')).json();
  const response = await own.client.put(
    '/invoices/promiseUnPromise',
    promised ? { invNo: [invNo], promised: true, nextFollowupDate: serverDate } : { invNo, promised: false },
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe('events out', () => {
  it('writes an event with the change; the pull API pages by a stable cursor, per tenant', async () => {
    const own = await signedInCustomer(context, tenantId);
    const invoice = await own.invoice();
    const client = await integrationClient(context, tenantId, ['events:read']);
    await eventsListed(context.database.db);
    const start = (await client.get('/events?limit=1000')).json().next;

    await promise(own, invoice.invNo, true);
    await promise(own, invoice.invNo, false);
    await eventsListed(context.database.db);
    const page = (await client.get(`/events?after=${start ?? 0}`)).json();
    expect(page.events.map((event: { type: string }) => event.type)).toEqual([
      'promise.set',
      'promise.removed',
    ]);
    expect(page.events[0]).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        custNo: own.customer.custNo,
        invNo: invoice.invNo,
        tranId: invoice.tranId,
        by: expect.any(String),
      },
    });
    expect(page.events[0].id).not.toBe(page.events[1].id);
    // Read again from the same cursor: the same events; from the next one: none.
    expect((await client.get(`/events?after=${start ?? 0}`)).json().events).toEqual(page.events);
    expect((await client.get(`/events?after=${page.next}`)).json()).toEqual({ events: [], next: page.next });

    const stranger = await integrationClient(context, otherTenantId, ['events:read']);
    expect((await stranger.get('/events')).json().events).toEqual([]);
    expectError(await client.get('/events?after=abc'), 400, 'VALIDATION_FAILED');
  });

  it('tells of a dispute created, with its number, amount and reason', async () => {
    const own = await signedInCustomer(context, tenantId);
    const invoice = await own.invoice({ amount: '300.00' });
    const client = await integrationClient(context, tenantId, ['events:read']);
    await eventsListed(context.database.db);
    const before = (await client.get('/events?limit=1000')).json().next;
    const created = await own.client.post('/dispute/0', {
      invNo: invoice.invNo,
      style: 'other',
      disputedAmount: '120.50',
      reasonCode: 'PRICE',
      description: 'Charged the list price',
    });
    expect(created.statusCode, created.body).toBe(200);
    await eventsListed(context.database.db);
    const { events } = (await client.get(`/events?after=${before ?? 0}`)).json();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'dispute.created',
      data: {
        custNo: own.customer.custNo,
        invNo: invoice.invNo,
        probNo: created.json().probNo,
        disputedAmount: '120.50',
        reasonCode: 'PRICE',
      },
    });
  });

  it('writes no event when the change is refused', async () => {
    const own = await signedInCustomer(context, tenantId);
    const invoice = await own.invoice({ paymentPending: true });
    const client = await integrationClient(context, tenantId, ['events:read']);
    await eventsListed(context.database.db);
    const before = (await client.get('/events?limit=1000')).json().next;
    const refused = await own.client.put('/invoices/promiseUnPromise', {
      invNo: [invoice.invNo],
      promised: true,
      nextFollowupDate: '2099-01-01',
    });
    expect(refused.statusCode).toBe(400);
    await eventsListed(context.database.db);
    expect((await client.get(`/events?after=${before ?? 0}`)).json().events).toEqual([]);
  });
});

describe('webhooks', () => {
  it('manages subscriptions per tenant: another tenant’s answers 404', async () => {
    const client = await integrationClient(context, tenantId, ['webhooks:manage']);
    const created = await client.post('/webhooks', {
      url: 'http://127.0.0.1:9/x',
      eventTypes: ['promise.set'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().secret).toMatch(/^whsec_/);
    expect((await client.get('/webhooks')).json().map((row: { id: number }) => row.id)).toContain(
      created.json().id,
    );
    expect((await client.get('/webhooks')).json()[0].secret).toBeUndefined();
    const stranger = await integrationClient(context, otherTenantId, ['webhooks:manage']);
    expectError(
      await stranger.call({ method: 'DELETE', url: `/webhooks/${created.json().id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(await stranger.get(`/webhooks/${created.json().id}/deliveries`), 404, 'NOT_FOUND');
    expectError(
      await client.post('/webhooks', { url: 'ftp://x', eventTypes: ['nope'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await client.call({ method: 'DELETE', url: `/webhooks/${created.json().id}` })).statusCode).toBe(
      204,
    );
    expect((await client.get('/webhooks')).json()).toEqual([]);
  });

  it('signs deliveries; a receiver down then back gets everything, in order per object, same ids on each try', async () => {
    const client = await integrationClient(context, tenantId, ['webhooks:manage']);
    const subscription = (
      await client.post('/webhooks', { url: receiverUrl, eventTypes: ['promise.set', 'promise.removed'] })
    ).json();
    secret = subscription.secret;
    const own = await signedInCustomer(context, tenantId);
    const first = await own.invoice();
    const second = await own.invoice();

    down = true;
    await promise(own, first.invNo, true);
    await promise(own, first.invNo, false);
    await promise(own, first.invNo, true);
    await promise(own, second.invNo, true);
    const worker = createWebhookDelivery(context.database.db, {
      allowPrivateAddresses: true,
      retryDelaysMs: [10, 10, 10, 10, 10, 10],
      logger: { warn: () => {}, error: () => {} },
    });
    // While the receiver is down only the oldest of each object is tried, and retried.
    for (let pass = 0; pass < 3; pass += 1) {
      await worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const log = (await client.get(`/webhooks/${subscription.id}/deliveries`)).json();
    expect(log).toHaveLength(4);
    expect(log.filter((row: { attempts: number }) => row.attempts > 0)).toHaveLength(2);
    expect(log.every((row: { status: string }) => row.status === 'PENDING')).toBe(true);
    expect(received).toEqual([]);

    down = false;
    // A new worker, as after a restart: the rows it needs are all in the database.
    const restarted = createWebhookDelivery(context.database.db, {
      allowPrivateAddresses: true,
      retryDelaysMs: [10, 10, 10, 10, 10, 10],
      logger: { warn: () => {}, error: () => {} },
    });
    for (let pass = 0; pass < 10 && received.length < 4; pass += 1) {
      await restarted.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(badSignatures).toEqual([]);
    const ofFirst = received.filter((event) => event.data.invNo === first.invNo);
    expect(ofFirst.map((event) => event.type)).toEqual(['promise.set', 'promise.removed', 'promise.set']);
    expect(received.filter((event) => event.data.invNo === second.invNo)).toHaveLength(1);
    for (const event of received) expect(event.webhookId).toBe(event.id);
    const after = (await client.get(`/webhooks/${subscription.id}/deliveries`)).json();
    expect(after.every((row: { status: string }) => row.status === 'DELIVERED')).toBe(true);
    // The ids the receiver got are the events' ids in the outbox, unchanged by the retries.
    const stored = await queryRows<{ event_id: string }>(
      context.database.db,
      sql`select e.event_id from webhook_deliveries d join integration_events e on e.id = d.event_id
          where d.subscription_id = ${subscription.id} order by d.id`,
    );
    expect(new Set(received.map((event) => event.id))).toEqual(new Set(stored.map((row) => row.event_id)));

    // Redeliver sends the same event id again.
    const redeliver = await client.post(`/webhooks/deliveries/${after[0].id}/redeliver`, {});
    expect(redeliver.statusCode, redeliver.body).toBe(202);
    await restarted.runOnce();
    expect(received).toHaveLength(5);
    expect(received[4]!.id).toBe(after[0].eventId);
  });

  it('gives a delivery up as FAILED when the retries run out, and logs each attempt', async () => {
    const client = await integrationClient(context, tenantId, ['webhooks:manage']);
    const subscription = (await client.post('/webhooks', { url: receiverUrl, eventTypes: ['*'] })).json();
    secret = subscription.secret;
    const own = await signedInCustomer(context, tenantId);
    const invoice = await own.invoice();
    down = true;
    await promise(own, invoice.invNo, true);
    const worker = createWebhookDelivery(context.database.db, {
      allowPrivateAddresses: true,
      retryDelaysMs: [1, 1],
      logger: { warn: () => {}, error: () => {} },
    });
    for (let pass = 0; pass < 5; pass += 1) {
      await worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    down = false;
    const [row] = (await client.get(`/webhooks/${subscription.id}/deliveries`)).json();
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3, lastStatusCode: 503, type: 'promise.set' });
    const attempts = await queryRows<{ status_code: number }>(
      context.database.db,
      sql`select status_code from webhook_attempts where delivery_id = ${row.id}`,
    );
    expect(attempts.map((attempt) => attempt.status_code)).toEqual([503, 503, 503]);
  });
});

describe('webhooks to internal addresses (WEBHOOK_ALLOW_PRIVATE_ADDRESSES off, as in production)', () => {
  let guarded: TestContext;
  beforeAll(async () => {
    guarded = await createTestApp();
    await buildTenant(guarded.database.db, { isDefault: true });
  });
  afterAll(() => guarded.close());

  it('refuses a subscription to a loopback, private, link-local or internal IPv6 address, and stores nothing', async () => {
    const client = await integrationClient(
      guarded,
      await guarded.app.services.apiKeys.tenantIdOf('default'),
      ['webhooks:manage'],
    );
    const internal = [
      'http://127.0.0.1:9/x',
      'http://127.1.2.3/x',
      'http://localhost:8080/x',
      'http://api.localhost/x',
      'http://2130706433/x',
      'http://0.0.0.0/x',
      'http://10.0.0.5/x',
      'http://172.16.0.1/x',
      'http://172.31.255.254/x',
      'https://192.168.1.10/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/x',
      'http://[::1]/x',
      'http://[::]/x',
      'http://[fe80::1]/x',
      'http://[fd12:3456::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[::ffff:169.254.169.254]/x',
    ];
    for (const url of internal) {
      const refused = await client.post('/webhooks', { url, eventTypes: ['*'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toBe(
        'url must be a public address: loopback, private and link-local addresses are refused',
      );
    }
    expect((await client.get('/webhooks')).json()).toEqual([]);
    // Public addresses next to those ranges, and names, are accepted.
    for (const url of ['http://172.32.0.1/x', 'https://8.8.8.8/x', 'https://erp.example/hooks'])
      expect((await client.post('/webhooks', { url, eventTypes: ['*'] })).statusCode, url).toBe(201);
  });

  it('does not call a name that resolves to a loopback address, and logs the delivery as refused; allowed by the setting, delivers', async () => {
    // The subscription is made where the setting allows loopback; the senders below decide alone.
    const client = await integrationClient(context, tenantId, ['webhooks:manage']);
    for (const existing of (await client.get('/webhooks')).json() as Array<{ id: number }>)
      await client.call({ method: 'DELETE', url: `/webhooks/${existing.id}` });
    const url = receiverUrl.replace('127.0.0.1', 'localhost');
    const subscription = (await client.post('/webhooks', { url, eventTypes: ['promise.set'] })).json();
    secret = subscription.secret;
    const own = await signedInCustomer(context, tenantId);
    await promise(own, (await own.invoice()).invNo, true);
    const before = received.length;

    const warnings: string[] = [];
    const refusing = createWebhookDelivery(context.database.db, {
      retryDelaysMs: [1, 1],
      logger: { warn: (message) => warnings.push(message), error: () => {} },
    });
    expect(await refusing.runOnce()).toBe(1);
    expect(received).toHaveLength(before);
    const [row] = (await client.get(`/webhooks/${subscription.id}/deliveries`)).json();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    const attempts = await queryRows<{ error: string }>(
      context.database.db,
      sql`select error from webhook_attempts where delivery_id = ${row.id}`,
    );
    expect(attempts).toEqual([
      {
        error: expect.stringMatching(
          /^refused: localhost resolves to an internal address \((127\.0\.0\.1|::1)\)$/,
        ),
      },
    ]);
    expect(warnings).toEqual([expect.stringContaining(`webhook delivery ${row.id}`)]);
    expect(warnings[0]).toContain('refused: localhost resolves to an internal address');

    await new Promise((resolve) => setTimeout(resolve, 10));
    const allowing = createWebhookDelivery(context.database.db, {
      retryDelaysMs: [1, 1],
      logger: { warn: () => {}, error: () => {} },
      allowPrivateAddresses: true,
    });
    expect(await allowing.runOnce()).toBe(1);
    expect(received).toHaveLength(before + 1);
    expect(received[before]).toMatchObject({ type: 'promise.set', webhookId: row.eventId });
    expect((await client.get(`/webhooks/${subscription.id}/deliveries`)).json()[0]).toMatchObject({
      status: 'DELIVERED',
      attempts: 2,
    });
  });
});
