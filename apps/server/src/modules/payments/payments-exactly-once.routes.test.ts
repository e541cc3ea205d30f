import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYMENT_MESSAGES } from '@settle/shared/payments';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSigningSecret } from '../../adapters/payments/sandbox/sandbox-signing-secret';
import { readSandboxState } from '../../adapters/payments/sandbox/sandbox-store-files';
import { activity } from '../../db/schema/activity';
import { submitCard } from '../../test/sandbox-payer';
import { type PaymentsHarness, postWithKey, startPaymentsHarness } from './payments-test-support';

let harness: PaymentsHarness;
const dataFile = path.join(mkdtempSync(path.join(tmpdir(), 'settle-sandbox-')), 'sandbox.json');

beforeAll(async () => {
  harness = await startPaymentsHarness({ dataFile });
});
afterAll(() => harness.close());

type Own = Awaited<ReturnType<PaymentsHarness['account']>>;

/** Checkouts the sandbox provider holds, read from its own state files (snapshot and journal). */
async function checkoutsAtProvider(): Promise<string[]> {
  // The sandbox writes its files after each change; give the last write a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return readSandboxState(dataFile).payments.map((payment) => payment.extTranRefId);
}

const cartBody = (own: Own, invNo: string, payment: string) => ({
  custNo: own.customer.custNo,
  currency: 'USD',
  payments: [{ invNo, payment }],
});

async function paidAndNotified(own: Own, amount = '50.00') {
  const invoice = await own.invoice({ amount });
  const started = (
    await postWithKey(own.client, '/payment/hpp/CREDIT_CARD', cartBody(own, invoice.invNo, amount))
  ).json();
  const before = harness.receiver.received.length;
  await submitCard(started.serviceURL, { number: '4242424242424242' });
  await harness.receiver.waitFor(before + 1);
  const notification = harness.receiver.received
    .slice(before)
    .find((entry) => JSON.parse(entry.body).data.extTranRefId === started.extTranRefId)!;
  return { invoice, started, notification };
}

async function activityCount(invoiceId: number, kind: string) {
  const rows = await harness.context.database.db
    .select({ id: activity.id })
    .from(activity)
    .where(and(eq(activity.invoiceId, invoiceId), eq(activity.kind, kind)));
  return rows.length;
}

describe('one payment per cart', () => {
  it('100 simultaneous pay requests on one cart: one checkout at the provider, one payment, the others 409', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '75.00' });
    await own.putInCart([invoice.id]);
    const before = await checkoutsAtProvider();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        postWithKey(own.client, '/payment/hpp/CREDIT_CARD', cartBody(own, invoice.invNo, '75.00')),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    const tally = new Map<string, number>();
    for (const response of responses) {
      const key = `${response.statusCode} ${response.json().code ?? ''}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(tally)).toEqual({ '200 ': 1, '409 PAYMENT_IN_FLIGHT': 99 });
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json()).toMatchObject({
        code: 'PAYMENT_IN_FLIGHT',
        message: PAYMENT_MESSAGES.paymentInFlight,
      });
    }
    expect(await harness.paymentCount(own.customer.id)).toBe(1);
    const after = await checkoutsAtProvider();
    expect(after.length - before.length).toBe(1);
    expect(await harness.invoice(invoice.id)).toMatchObject({
      paymentPending: true,
      paymentPendingAmount: '75.00',
    });
  });

  it('a colleague paying the same invoice from another cart meets the same 409', async () => {
    const own = await harness.account();
    const colleague = await harness.account({ colleagueOf: { customer: own.customer } });
    const invoice = await own.invoice({ amount: '12.00' });
    const first = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      cartBody(own, invoice.invNo, '12.00'),
    );
    expect(first.statusCode).toBe(200);
    const second = await postWithKey(
      colleague.client,
      '/payment/hpp/DEBIT_CARD',
      cartBody(colleague, invoice.invNo, '12.00'),
    );
    expect(second.statusCode).toBe(409);
    expect(await harness.paymentCount(own.customer.id)).toBe(1);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body answer the first response again; no second payment', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '30.00' });
    const body = cartBody(own, invoice.invNo, '30.00');
    const first = await postWithKey(own.client, '/payment/hpp/CREDIT_CARD', body, 'key-replay-1');
    const replay = await postWithKey(own.client, '/payment/hpp/CREDIT_CARD', body, 'key-replay-1');
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await harness.paymentCount(own.customer.id)).toBe(1);
  });

  it('the same key with another body answers 422 and changes nothing', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '30.00' });
    const other = await own.invoice({ amount: '40.00' });
    await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      cartBody(own, invoice.invNo, '30.00'),
      'key-422',
    );
    const reused = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      cartBody(own, other.invNo, '40.00'),
      'key-422',
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: PAYMENT_MESSAGES.idempotencyKeyReused,
    });
    expect(await harness.invoice(other.id)).toMatchObject({ paymentPending: false });
    expect(await harness.paymentCount(own.customer.id)).toBe(1);
  });

  it('a start without a key answers 400 with the contract’s message', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '30.00' });
    const response = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      cartBody(own, invoice.invNo, '30.00'),
      null,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_MISSING',
      message: PAYMENT_MESSAGES.idempotencyKeyMissing,
    });
    expect(await harness.paymentCount(own.customer.id)).toBe(0);
  });

  it('the same key sent 20 times at once: one payment; each answer is the first body or 409 in progress', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '33.00' });
    const body = cartBody(own, invoice.invNo, '33.00');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        postWithKey(own.client, '/payment/hpp/CREDIT_CARD', body, 'key-burst'),
      ),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((response) => response.body)).size).toBe(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    expect(await harness.paymentCount(own.customer.id)).toBe(1);
  });

  it('a user’s key is not another user’s: the same key from a colleague is a new request', async () => {
    const own = await harness.account();
    const colleague = await harness.account({ colleagueOf: { customer: own.customer } });
    const a = await own.invoice({ amount: '5.00' });
    const b = await own.invoice({ amount: '6.00' });
    expect(
      (await postWithKey(own.client, '/payment/hpp/CREDIT_CARD', cartBody(own, a.invNo, '5.00'), 'shared'))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await postWithKey(
          colleague.client,
          '/payment/hpp/CREDIT_CARD',
          cartBody(colleague, b.invNo, '6.00'),
          'shared',
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('notifications', () => {
  it('a notification replayed 10 times settles once; the effects and the email happen once', async () => {
    const own = await harness.account();
    const { invoice, started, notification } = await paidAndNotified(own, '50.00');
    const answers = [];
    for (let index = 0; index < 10; index += 1) answers.push(await harness.forward(notification));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((answer) => answer.json().duplicate)).toEqual([false, ...Array(9).fill(true)]);
    expect(await harness.payment(started.extTranRefId)).toMatchObject({ status: 'SUCCESS' });
    expect(await harness.invoice(invoice.id)).toMatchObject({
      balance: '0.00',
      paidAmount: '50.00',
      status: 'C',
    });
    expect(await activityCount(invoice.id, 'PAYMENT_SUCCEEDED')).toBe(1);
    expect(await harness.emails(own.email)).toHaveLength(1);
    const events = await harness.events(started.paymentLogId);
    expect(events.filter((event) => event === 'SUCCEEDED')).toHaveLength(1);
    expect(events.filter((event) => event === 'NOTIFICATION_RECEIVED')).toHaveLength(1);
    // The poll after the notification finds it settled and changes nothing.
    const poll = await own.client.get(
      `/payment/log/pollStatus/${started.extTranRefId}/${own.customer.custNo}`,
    );
    expect(poll.json().status).toBe('SUCCESS');
    expect(await harness.invoice(invoice.id)).toMatchObject({ paidAmount: '50.00' });
  });

  it('a late notification with another id for a settled payment changes nothing', async () => {
    const own = await harness.account();
    const { invoice, started, notification } = await paidAndNotified(own, '20.00');
    await own.client.get(`/payment/log/pollStatus/${started.extTranRefId}/${own.customer.custNo}`);
    const payload = JSON.parse(notification.body);
    payload.data.state = 'CANCELLED';
    payload.data.outcome = 'CANCELLED';
    const body = JSON.stringify(payload);
    const webhook = new Webhook(sandboxSigningSecret(harness.secret));
    const now = new Date();
    const late = await harness.forward({
      body,
      headers: {
        'webhook-id': 'msg_late_other_id',
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': webhook.sign('msg_late_other_id', now, body),
      },
    });
    expect(late.statusCode).toBe(200);
    expect(await harness.payment(started.extTranRefId)).toMatchObject({ status: 'SUCCESS' });
    expect(await harness.invoice(invoice.id)).toMatchObject({ paidAmount: '20.00', balance: '0.00' });
  });

  it('a bad signature and a stale timestamp are refused with 400 and change nothing', async () => {
    const own = await harness.account();
    const { invoice, started, notification } = await paidAndNotified(own, '25.00');
    const forged = await harness.forward(notification, {
      'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('NOTIFICATION_SIGNATURE_INVALID');
    const tampered = await harness.forward({
      ...notification,
      body: notification.body.replace('SUCCESS', 'SUCCESS '),
    });
    expect(tampered.statusCode).toBe(400);
    const old = new Date(Date.now() - 10 * 60_000);
    const stale = await harness.forward(notification, {
      'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
      'webhook-signature': new Webhook(sandboxSigningSecret(harness.secret)).sign(
        notification.headers['webhook-id']!,
        old,
        notification.body,
      ),
    });
    expect(stale.statusCode).toBe(400);
    expect(await harness.payment(started.extTranRefId)).toMatchObject({ status: 'PENDING' });
    expect(await harness.invoice(invoice.id)).toMatchObject({ paymentPending: true, paidAmount: '0.00' });
    // The genuine one still works afterwards.
    expect((await harness.forward(notification)).json()).toEqual({ received: true, duplicate: false });
    expect(await harness.payment(started.extTranRefId)).toMatchObject({ status: 'SUCCESS' });
  });

  it('needs no session and no CSRF token, and answers 404 for another provider’s path', async () => {
    const response = await harness.context.app.inject({
      method: 'POST',
      url: `${harness.context.api}/payment/notifications/stripe`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});
