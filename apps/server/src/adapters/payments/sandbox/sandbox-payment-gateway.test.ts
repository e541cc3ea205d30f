import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationReceiver, startNotificationReceiver } from '../../../test/notification-receiver';
import { submitCard } from '../../../test/sandbox-payer';
import {
  InvalidNotificationSignatureError,
  type PaymentGateway,
  PaymentGatewayRejectedError,
  PaymentGatewayUnavailableError,
} from '../payment-gateway';
import { createSandboxPaymentGateway } from './sandbox-payment-gateway';
import { type SandboxProvider, startSandboxProvider } from './sandbox-provider';
import { sandboxSigningSecret } from './sandbox-signing-secret';

const SECRET = 'sandbox-adapter-secret-0123456789abcdef';
let receiver: NotificationReceiver;
let sandbox: SandboxProvider;
let gateway: PaymentGateway;
let counter = 0;

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  sandbox = await startSandboxProvider({
    secret: SECRET,
    notifyUrl: receiver.url,
    retryDelaysMs: [50, 100, 150],
  });
  gateway = createSandboxPaymentGateway({ apiUrl: sandbox.origin, secret: SECRET });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

function checkoutInput(overrides: Partial<Parameters<PaymentGateway['startCheckout']>[0]> = {}) {
  counter += 1;
  const extTranRefId = `ref-adapter-${counter}-${Date.now()}`;
  return {
    extTranRefId,
    amountMinor: 2_500,
    currency: 'CAD',
    kind: 'CREDIT_CARD' as const,
    language: 'en',
    description: 'Invoice INV-9',
    returnUrl: 'http://127.0.0.1:9/payment/done',
    idempotencyKey: `key-${extTranRefId}`,
    ...overrides,
  };
}

/** Pays a fresh checkout with a card and answers the notification Settle received for it. */
async function paidNotification(number = '4242424242424242') {
  const input = checkoutInput();
  const started = await gateway.startCheckout(input);
  const before = receiver.received.length;
  await submitCard(started.serviceURL, { number });
  await receiver.waitFor(before + 1);
  const notification = receiver.received.find((received) => received.body.includes(input.extTranRefId))!;
  return { input, notification };
}

describe('the sandbox adapter', () => {
  it('starts a hosted checkout the browser opens with GET, once per idempotency key', async () => {
    const input = checkoutInput();
    const started = await gateway.startCheckout(input);
    expect(started).toEqual({
      providerPaymentId: expect.stringMatching(/^cs_/),
      serviceURL: `${sandbox.publicOrigin}/checkout/${started.providerPaymentId}`,
      serviceMethod: 'GET',
      templateProperties: {},
    });
    expect(await gateway.startCheckout(input)).toEqual(started);
    await expect(gateway.startCheckout({ ...input, amountMinor: 1 })).rejects.toThrow(
      PaymentGatewayRejectedError,
    );
  });

  it('reads a payment status: null when unknown, PENDING while open, the outcome once paid', async () => {
    expect(await gateway.getPaymentStatus('ref-nobody-knows')).toBeNull();
    const input = checkoutInput();
    const started = await gateway.startCheckout(input);
    expect(await gateway.getPaymentStatus(input.extTranRefId)).toMatchObject({
      outcome: 'PENDING',
      providerPaymentId: started.providerPaymentId,
    });
    await submitCard(started.serviceURL, { number: '4000000000000069' });
    expect(await gateway.getPaymentStatus(input.extTranRefId)).toEqual({
      extTranRefId: input.extTranRefId,
      providerPaymentId: started.providerPaymentId,
      outcome: 'EXPIRATION_DATE_INCORRECT',
      responseText: 'ExpirationDateIncorrect',
      amountMinor: 2_500,
      currency: 'CAD',
      trackingNo: null,
      authCode: null,
      last4: '0069',
      cardBrand: 'visa',
    });
  });

  it('cancels a checkout the payer left, keeps an outcome already reached, null when unknown', async () => {
    expect(await gateway.cancelCheckout('ref-nobody-knows')).toBeNull();
    const left = checkoutInput();
    await gateway.startCheckout(left);
    const before = receiver.received.length;
    expect(await gateway.cancelCheckout(left.extTranRefId)).toMatchObject({
      outcome: 'CANCELLED',
      responseText: 'Cancelled',
    });
    // Again: nothing changes and Settle is not told twice.
    expect(await gateway.cancelCheckout(left.extTranRefId)).toMatchObject({ outcome: 'CANCELLED' });
    await receiver.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.events().filter((event) => event.data.extTranRefId === left.extTranRefId)).toHaveLength(
      1,
    );

    const paid = checkoutInput();
    const started = await gateway.startCheckout(paid);
    await submitCard(started.serviceURL, { number: '4242424242424242' });
    expect(await gateway.cancelCheckout(paid.extTranRefId)).toMatchObject({ outcome: 'SUCCESS' });
  });

  it('says the provider is unavailable when it cannot be reached', async () => {
    const down = createSandboxPaymentGateway({
      apiUrl: 'http://127.0.0.1:1',
      secret: SECRET,
      timeoutMs: 2_000,
    });
    await expect(down.getPaymentStatus('x')).rejects.toThrow(PaymentGatewayUnavailableError);
  });

  it('is refused with another secret', async () => {
    const stranger = createSandboxPaymentGateway({
      apiUrl: sandbox.origin,
      secret: 'another-secret-of-32-characters!!',
    });
    await expect(stranger.startCheckout(checkoutInput())).rejects.toThrow(
      /refused the request \(401\): Invalid API key/,
    );
  });
});

describe('notifications', () => {
  it('verifies a genuine notification and answers its id and status', async () => {
    const { input, notification } = await paidNotification();
    const verified = await gateway.verifyNotification(notification.body, notification.headers);
    expect(verified.notificationId).toBe(notification.headers['webhook-id']);
    expect(verified.status).toMatchObject({
      extTranRefId: input.extTranRefId,
      outcome: 'SUCCESS',
      responseText: 'Approved',
      amountMinor: 2_500,
      last4: '4242',
    });
  });

  it('answers the same id for a replayed notification, so Settle can tell it was already applied', async () => {
    const { notification } = await paidNotification();
    const first = await gateway.verifyNotification(notification.body, notification.headers);
    const replay = await gateway.verifyNotification(notification.body, notification.headers);
    expect(replay.notificationId).toBe(first.notificationId);
  });

  it('refuses a tampered body, a wrong signature, missing headers and another secret', async () => {
    const { notification } = await paidNotification('4000000000000002');
    const tampered = notification.body.replace('"DECLINED"', '"SUCCESS"');
    expect(tampered).not.toBe(notification.body);
    await expect(gateway.verifyNotification(tampered, notification.headers)).rejects.toThrow(
      InvalidNotificationSignatureError,
    );
    await expect(
      gateway.verifyNotification(notification.body, {
        ...notification.headers,
        'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      }),
    ).rejects.toThrow('Payment notification refused: No matching signature found');
    await expect(gateway.verifyNotification(notification.body, {})).rejects.toThrow(
      /Missing required headers/,
    );
    const stranger = createSandboxPaymentGateway({
      apiUrl: sandbox.origin,
      secret: 'another-secret-of-32-characters!!',
    });
    await expect(stranger.verifyNotification(notification.body, notification.headers)).rejects.toThrow(
      InvalidNotificationSignatureError,
    );
  });

  it('refuses a stale timestamp (outside the replay window) even when correctly signed', async () => {
    const { notification } = await paidNotification();
    const webhook = new Webhook(sandboxSigningSecret(SECRET));
    const stale = new Date(Date.now() - 10 * 60 * 1000);
    const id = notification.headers['webhook-id']!;
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)),
      'webhook-signature': webhook.sign(id, stale, notification.body),
    };
    await expect(gateway.verifyNotification(notification.body, headers)).rejects.toThrow(/timestamp too old/);
    // The same message signed now verifies: only the timestamp was wrong.
    const now = new Date();
    await expect(
      gateway.verifyNotification(notification.body, {
        ...headers,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': webhook.sign(id, now, notification.body),
      }),
    ).resolves.toMatchObject({ notificationId: id });
  });

  it('retries with backoff until Settle answers 2xx, same id, freshly signed each time', async () => {
    receiver.answerNext(500, 503, 404);
    const before = receiver.received.length;
    const input = checkoutInput();
    const started = await gateway.startCheckout(input);
    await submitCard(started.serviceURL, { number: '4242424242424242' });
    await receiver.waitFor(before + 4);
    const attempts = receiver.received.slice(before);
    expect(attempts.map((attempt) => attempt.answeredStatus)).toEqual([500, 503, 404, 204]);
    expect(new Set(attempts.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
    for (const attempt of attempts) {
      await expect(gateway.verifyNotification(attempt.body, attempt.headers)).resolves.toMatchObject({
        status: { extTranRefId: input.extTranRefId, outcome: 'SUCCESS' },
      });
    }
    // Delivered: nothing more is sent.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(receiver.received.length).toBe(before + 4);
  });
});

describe('saved cards through the adapter', () => {
  it('starts a save-card page, reads the saved card, charges it', async () => {
    counter += 1;
    const reference = `card-ref-${counter}-${Date.now()}`;
    const page = await gateway.startSaveCard({
      reference,
      kind: 'DEBIT_CARD',
      language: 'en',
      returnUrl: 'http://127.0.0.1:9/cards/done',
      idempotencyKey: `save-${reference}`,
    });
    expect(page.serviceURL).toMatch(new RegExp(`^${sandbox.publicOrigin}/cards/ss_`));
    expect(await gateway.getSavedCard(reference)).toBeNull();
    await submitCard(page.serviceURL, {
      number: '4000 0566 5566 5556',
      expiry: '03/31',
      name: 'Alan Turing',
    });
    const card = await gateway.getSavedCard(reference);
    expect(card).toMatchObject({
      last4: '5556',
      brand: 'visa',
      expiryMonth: 3,
      expiryYear: 2031,
      holderName: 'Alan Turing',
    });
    const charged = await gateway.chargeSavedCard({
      extTranRefId: `${reference}-1`,
      token: card!.token,
      amountMinor: 4_200,
      currency: 'USD',
      idempotencyKey: `${reference}-1`,
    });
    expect(charged).toMatchObject({
      extTranRefId: `${reference}-1`,
      outcome: 'SUCCESS',
      amountMinor: 4_200,
      last4: '5556',
    });
    await expect(
      gateway.chargeSavedCard({
        extTranRefId: `${reference}-2`,
        token: 'card_unknown',
        amountMinor: 1,
        currency: 'USD',
        idempotencyKey: `${reference}-2`,
      }),
    ).rejects.toThrow(/No such saved card/);
  });
});
