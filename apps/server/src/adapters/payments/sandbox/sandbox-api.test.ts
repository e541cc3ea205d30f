import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationReceiver, startNotificationReceiver } from '../../../test/notification-receiver';
import { cancelAtSandbox, submitCard } from '../../../test/sandbox-payer';
import { type SandboxProvider, startSandboxProvider } from './sandbox-provider';

const SECRET = 'sandbox-test-secret-0123456789abcdef';
let receiver: NotificationReceiver;
let sandbox: SandboxProvider;
let counter = 0;

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  sandbox = await startSandboxProvider({
    secret: SECRET,
    notifyUrl: receiver.url,
    pendingMs: 300,
    retryDelaysMs: [50, 100, 150],
  });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

function reference(): string {
  counter += 1;
  return `ref-api-${counter}-${Date.now()}`;
}

async function call(
  method: string,
  pathName: string,
  options: { body?: unknown; key?: string; secret?: string; origin?: string } = {},
) {
  const response = await fetch(`${options.origin ?? sandbox.origin}${pathName}`, {
    method,
    headers: {
      authorization: `Bearer ${options.secret ?? SECRET}`,
      'content-type': 'application/json',
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { error?: { message: string } },
  };
}

function checkout(extTranRefId: string, overrides: Record<string, unknown> = {}) {
  return {
    extTranRefId,
    amountMinor: 12_345,
    currency: 'USD',
    kind: 'CREDIT_CARD',
    language: 'en',
    description: 'Invoices INV-1, INV-2',
    returnUrl: 'http://127.0.0.1:9/payment/done',
    ...overrides,
  };
}

describe('the sandbox API', () => {
  it('refuses a call without the shared secret and creates nothing', async () => {
    const ref = reference();
    const refused = await call('POST', '/v1/checkouts', { body: checkout(ref), key: 'k', secret: 'wrong' });
    expect(refused).toEqual({ status: 401, body: { error: { message: 'Invalid API key' } } });
    expect((await call('GET', `/v1/payments/${ref}`)).status).toBe(404);
  });

  it('creates a checkout on its own origin and answers its status by extTranRefId', async () => {
    const ref = reference();
    const created = await call('POST', '/v1/checkouts', { body: checkout(ref), key: `key-${ref}` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      extTranRefId: ref,
      state: 'OPEN',
      outcome: 'PENDING',
      amountMinor: 12_345,
      currency: 'USD',
      responseText: null,
    });
    expect(String(created.body.checkoutUrl)).toBe(`${sandbox.publicOrigin}/checkout/${created.body.id}`);
    const status = await call('GET', `/v1/payments/${encodeURIComponent(ref)}`);
    expect(status).toEqual({ status: 200, body: created.body });
  });

  it('answers the same checkout to the same idempotency key, 422 to another body, 409 to another key', async () => {
    const ref = reference();
    const key = `key-${ref}`;
    const first = await call('POST', '/v1/checkouts', { body: checkout(ref), key });
    const again = await call('POST', '/v1/checkouts', { body: checkout(ref), key });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    const otherBody = await call('POST', '/v1/checkouts', { body: checkout(ref, { amountMinor: 1 }), key });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error?.message).toMatch(/already used with a different request/);

    const otherKey = await call('POST', '/v1/checkouts', { body: checkout(ref), key: `${key}-2` });
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.error?.message).toContain(ref);
    expect((await call('GET', `/v1/payments/${ref}`)).body.amountMinor).toBe(12_345);
  });

  it('makes one checkout for many simultaneous requests with one key', async () => {
    const ref = reference();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/v1/checkouts', { body: checkout(ref), key: `key-${ref}` }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const ref = reference();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ amountMinor: 0 }, /amountMinor must be greater than 0/],
      [{ amountMinor: 12.5 }, /whole minor units/],
      [{ currency: 'usd' }, /currency must be a 3-letter ISO code/],
      [{ kind: 'ECHECK' }, /kind must be CREDIT_CARD or DEBIT_CARD/],
      [{ returnUrl: 'javascript:alert(1)' }, /returnUrl must be an absolute http\(s\) address/],
    ];
    for (const [override, message] of cases) {
      const answer = await call('POST', '/v1/checkouts', { body: checkout(ref, override), key: `k-${ref}` });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toMatch(message);
    }
    const missingKey = await call('POST', '/v1/checkouts', { body: checkout(ref) });
    expect(missingKey).toEqual({
      status: 400,
      body: { error: { message: 'An Idempotency-Key header is required' } },
    });
    expect((await call('GET', `/v1/payments/${ref}`)).status).toBe(404);
  });

  it('expires an unanswered checkout as cancelled', async () => {
    const short = await startSandboxProvider({ secret: SECRET, checkoutTtlMs: 20 });
    try {
      const ref = reference();
      await call('POST', '/v1/checkouts', { body: checkout(ref), key: ref, origin: short.origin });
      await new Promise((resolve) => setTimeout(resolve, 40));
      const status = await call('GET', `/v1/payments/${ref}`, { origin: short.origin });
      expect(status.body).toMatchObject({
        state: 'CANCELLED',
        outcome: 'CANCELLED',
        responseText: 'Expired',
      });
    } finally {
      await short.close();
    }
  });
});

describe('saved cards', () => {
  async function saveCard(number: string) {
    const ref = reference();
    const session = await call('POST', '/v1/card-sessions', {
      body: {
        reference: ref,
        kind: 'CREDIT_CARD',
        language: 'en',
        returnUrl: 'http://127.0.0.1:9/cards/done',
      },
      key: `card-${ref}`,
    });
    expect(session.status).toBe(201);
    const page = await submitCard(String(session.body.url), {
      number,
      name: 'Grace Hopper',
      expiry: '07/30',
    });
    return { ref, page };
  }

  it('saves a card on the hosted page and reads it back without its number', async () => {
    const { ref, page } = await saveCard('4242 4242 4242 4242');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('http://127.0.0.1:9/cards/done');
    const card = await call('GET', `/v1/card-sessions/${ref}/card`);
    expect(card.status).toBe(200);
    expect(card.body).toEqual({
      token: expect.stringMatching(/^card_/),
      last4: '4242',
      brand: 'visa',
      expiryMonth: 7,
      expiryYear: 2030,
      holderName: 'Grace Hopper',
    });
  });

  it('refuses to save a declined card, saying so by the card number field', async () => {
    const { ref, page } = await saveCard('4000000000000002');
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(
      '<p class="error" id="number-error">This card was declined. Use another card.</p>',
    );
    expect((await call('GET', `/v1/card-sessions/${ref}/card`)).status).toBe(404);
  });

  it('charges a saved card once per idempotency key, with the outcome of its test card', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['4242424242424242', { outcome: 'SUCCESS', responseText: 'Approved', last4: '4242' }],
      ['4000000000000069', { outcome: 'EXPIRATION_DATE_INCORRECT', responseText: 'ExpirationDateIncorrect' }],
      ['4000002500003155', { outcome: 'FAILED', responseText: 'AuthenticationRequired' }],
    ];
    for (const [number, expected] of cases) {
      const { ref } = await saveCard(number);
      const token = (await call('GET', `/v1/card-sessions/${ref}/card`)).body.token;
      const chargeRef = `${ref}-charge`;
      const body = { extTranRefId: chargeRef, token, amountMinor: 500, currency: 'EUR' };
      const before = receiver.received.length;
      const charged = await call('POST', '/v1/charges', { body, key: chargeRef });
      expect(charged.status).toBe(201);
      expect(charged.body).toMatchObject({ extTranRefId: chargeRef, amountMinor: 500, ...expected });
      const replay = await call('POST', '/v1/charges', { body, key: chargeRef });
      expect(replay.body.id).toBe(charged.body.id);
      await receiver.waitFor(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const notified = receiver.events().filter((event) => event.data.extTranRefId === chargeRef);
      expect(notified).toHaveLength(1);
    }
  });

  it('refuses a charge of an unknown card', async () => {
    const ref = reference();
    const answer = await call('POST', '/v1/charges', {
      body: { extTranRefId: ref, token: 'card_nope', amountMinor: 500, currency: 'USD' },
      key: ref,
    });
    expect(answer).toEqual({ status: 404, body: { error: { message: 'No such saved card' } } });
  });
});

describe('state across restarts', () => {
  let directory: string;
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps payments in its file: a restarted sandbox answers their status and settles the pending one', async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-'));
    const dataFile = path.join(directory, 'payment-sandbox.json');
    const first = await startSandboxProvider({ secret: SECRET, dataFile, pendingMs: 3_000 });
    const paid = reference();
    const pending = reference();
    for (const ref of [paid, pending]) {
      await call('POST', '/v1/checkouts', { body: checkout(ref), key: ref, origin: first.origin });
    }
    const paidUrl = String(
      (await call('GET', `/v1/payments/${paid}`, { origin: first.origin })).body.checkoutUrl,
    );
    const pendingUrl = String(
      (await call('GET', `/v1/payments/${pending}`, { origin: first.origin })).body.checkoutUrl,
    );
    await submitCard(paidUrl, { number: '4242424242424242' });
    await submitCard(pendingUrl, { number: '4000000000000259' });
    await first.close();

    // Settle's notification route was not set: the restarted sandbox sends what it owes once it knows it.
    // Its warnings (a delivery that failed and is retried) are kept, to be told if the wait runs out.
    const warnings: string[] = [];
    const second = await startSandboxProvider({
      secret: SECRET,
      dataFile,
      pendingMs: 3_000,
      retryDelaysMs: [100, 200, 400, 800, 1_600],
      logger: { warn: (message) => warnings.push(message) },
    });
    try {
      const before = receiver.received.length;
      second.setNotifyUrl(receiver.url);
      const paidStatus = await call('GET', `/v1/payments/${paid}`, { origin: second.origin });
      expect(paidStatus.body).toMatchObject({ outcome: 'SUCCESS', last4: '4242' });
      const pendingStatus = await call('GET', `/v1/payments/${pending}`, { origin: second.origin });
      expect(pendingStatus.body).toMatchObject({ outcome: 'PENDING', responseText: 'Pending' });
      await receiver.waitFor(before + 3, 20_000).catch((error: Error) => {
        const arrived = receiver.events().slice(before);
        throw new Error(
          `${error.message}: ${arrived.map((event) => `${event.data.extTranRefId}:${event.data.outcome}`).join(', ')}; the sandbox warned: ${warnings.join(' | ') || 'nothing'}`,
        );
      });
      const settled = await call('GET', `/v1/payments/${pending}`, { origin: second.origin });
      expect(settled.body).toMatchObject({ outcome: 'SUCCESS', responseText: 'Approved' });
      const owed = receiver.events().slice(before);
      expect(owed.map((event) => `${event.data.extTranRefId}:${event.data.outcome}`).sort()).toEqual(
        [`${paid}:SUCCESS`, `${pending}:PENDING`, `${pending}:SUCCESS`].sort(),
      );
    } finally {
      await second.close();
    }
  });

  it('keeps the idempotency keys too', async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-'));
    const dataFile = path.join(directory, 'payment-sandbox.json');
    const first = await startSandboxProvider({ secret: SECRET, dataFile });
    const ref = reference();
    const created = await call('POST', '/v1/checkouts', {
      body: checkout(ref),
      key: ref,
      origin: first.origin,
    });
    await cancelAtSandbox(String(created.body.checkoutUrl));
    await first.close();
    const second = await startSandboxProvider({ secret: SECRET, dataFile });
    try {
      const replay = await call('POST', '/v1/checkouts', {
        body: checkout(ref),
        key: ref,
        origin: second.origin,
      });
      expect(replay.body).toMatchObject({ id: created.body.id, outcome: 'CANCELLED' });
    } finally {
      await second.close();
    }
  });

  it('forgets settled payments a month old at start, keeps the ones still waiting', async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'settle-sandbox-'));
    const dataFile = path.join(directory, 'payment-sandbox.json');
    const first = await startSandboxProvider({ secret: SECRET, dataFile });
    const settled = reference();
    const waiting = reference();
    for (const ref of [settled, waiting]) {
      await call('POST', '/v1/checkouts', { body: checkout(ref), key: ref, origin: first.origin });
    }
    const url = String(
      (await call('GET', `/v1/payments/${settled}`, { origin: first.origin })).body.checkoutUrl,
    );
    await cancelAtSandbox(url);
    await first.close();
    const state = JSON.parse(readFileSync(dataFile, 'utf8'));
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    for (const payment of state.payments) Object.assign(payment, { updatedAt: old, expiresAt: null });
    writeFileSync(dataFile, JSON.stringify(state));
    const second = await startSandboxProvider({ secret: SECRET, dataFile });
    try {
      expect((await call('GET', `/v1/payments/${settled}`, { origin: second.origin })).status).toBe(404);
      expect((await call('GET', `/v1/payments/${waiting}`, { origin: second.origin })).body).toMatchObject({
        state: 'OPEN',
      });
    } finally {
      await second.close();
    }
  });
});
