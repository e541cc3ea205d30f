import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripePeer, startStripePeer } from '../../../test/stripe-peer';
import {
  InvalidNotificationSignatureError,
  type PaymentGateway,
  PaymentGatewayRejectedError,
  PaymentGatewayUnavailableError,
  UnhandledNotificationError,
} from '../payment-gateway';
import { createStripePaymentGateway } from './stripe-payment-gateway';

/**
 * Stripe's servers cannot be reached from here: the adapter, through the real `stripe` SDK, talks to a
 * loopback peer that answers the part of Stripe's API it uses (src/test/stripe-peer.ts).
 */
const SECRET_KEY = 'sk_test_settle0123456789';
const WEBHOOK_SECRET = 'whsec_settle0123456789';
let peer: StripePeer;
let gateway: PaymentGateway;
let counter = 0;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  gateway = createStripePaymentGateway({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: peer.origin,
  });
});
afterAll(() => peer.close());

function checkoutInput() {
  counter += 1;
  const extTranRefId = `ref-stripe-${counter}-${Date.now()}`;
  return {
    extTranRefId,
    amountMinor: 10_050,
    currency: 'EUR',
    kind: 'CREDIT_CARD' as const,
    language: 'fr',
    description: 'Factures INV-1',
    returnUrl: 'http://127.0.0.1:9/payment/done',
    idempotencyKey: `key-${extTranRefId}`,
  };
}

describe('Stripe checkout', () => {
  it('creates a Checkout Session with the amount, metadata, URLs, locale and the idempotency key', async () => {
    const input = checkoutInput();
    const started = await gateway.startCheckout(input);
    expect(started).toEqual({
      providerPaymentId: expect.stringMatching(/^cs_test_/),
      serviceURL: `${peer.origin}/c/pay/${started.providerPaymentId}`,
      serviceMethod: 'GET',
      templateProperties: {},
    });
    const sent = peer.requests.find(
      (request) => request.path === '/v1/checkout/sessions' && request.method === 'POST',
    )!;
    expect(sent.idempotencyKey).toBe(input.idempotencyKey);
    expect(sent.body).toMatchObject({
      mode: 'payment',
      client_reference_id: input.extTranRefId,
      locale: 'fr',
      success_url: input.returnUrl,
      cancel_url: input.returnUrl,
      metadata: { extTranRefId: input.extTranRefId },
      payment_intent_data: { metadata: { extTranRefId: input.extTranRefId, source: 'checkout' } },
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '10050' } }],
    });
    // A retried start with the same key is the same session; another body under that key is refused.
    expect(await gateway.startCheckout(input)).toEqual(started);
    await expect(gateway.startCheckout({ ...input, amountMinor: 1 })).rejects.toThrow(
      PaymentGatewayRejectedError,
    );
  });

  it('reads the status from the session and its payment intent', async () => {
    const input = checkoutInput();
    const { providerPaymentId } = await gateway.startCheckout(input);
    expect(await gateway.getPaymentStatus(input.extTranRefId, providerPaymentId)).toMatchObject({
      outcome: 'PENDING',
      responseText: 'AwaitingPayer',
    });
    peer.pay(providerPaymentId, 'card_declined');
    // Declined at Stripe's page: the payer may still try another card there.
    expect(await gateway.getPaymentStatus(input.extTranRefId, providerPaymentId)).toMatchObject({
      outcome: 'PENDING',
    });
    peer.pay(providerPaymentId, 'succeeds');
    expect(await gateway.getPaymentStatus(input.extTranRefId, providerPaymentId)).toEqual({
      extTranRefId: input.extTranRefId,
      providerPaymentId,
      outcome: 'SUCCESS',
      responseText: 'Approved',
      amountMinor: 10_050,
      currency: 'EUR',
      trackingNo: expect.stringMatching(/^pi_test_/),
      authCode: '123456',
      last4: '4242',
      cardBrand: 'visa',
    });
  });

  it('answers PENDING while a payment processes, SUCCESS once settled; CANCELLED when the session expires', async () => {
    const input = checkoutInput();
    const { providerPaymentId } = await gateway.startCheckout(input);
    peer.pay(providerPaymentId, 'processing');
    const pending = await gateway.getPaymentStatus(input.extTranRefId, providerPaymentId);
    expect(pending).toMatchObject({ outcome: 'PENDING', responseText: 'Pending' });
    peer.settle(String(peer.object(providerPaymentId)!.payment_intent));
    expect(await gateway.getPaymentStatus(input.extTranRefId, providerPaymentId)).toMatchObject({
      outcome: 'SUCCESS',
    });

    const other = checkoutInput();
    const expiring = await gateway.startCheckout(other);
    peer.expire(expiring.providerPaymentId);
    expect(await gateway.getPaymentStatus(other.extTranRefId, expiring.providerPaymentId)).toMatchObject({
      outcome: 'CANCELLED',
      responseText: 'Expired',
    });
  });

  it('cancels an open session by expiring it, and leaves a paid one paid', async () => {
    const left = checkoutInput();
    const open = await gateway.startCheckout(left);
    expect(await gateway.cancelCheckout(left.extTranRefId, open.providerPaymentId)).toMatchObject({
      outcome: 'CANCELLED',
      responseText: 'Expired',
    });
    expect(peer.object(open.providerPaymentId)).toMatchObject({ status: 'expired' });
    expect(await gateway.cancelCheckout(left.extTranRefId, open.providerPaymentId)).toMatchObject({
      outcome: 'CANCELLED',
    });

    const paid = checkoutInput();
    const done = await gateway.startCheckout(paid);
    peer.pay(done.providerPaymentId, 'succeeds');
    expect(await gateway.cancelCheckout(paid.extTranRefId, done.providerPaymentId)).toMatchObject({
      outcome: 'SUCCESS',
    });
    expect(peer.object(done.providerPaymentId)).toMatchObject({ status: 'complete' });
  });

  it('finds a payment by extTranRefId alone through the search, null when Stripe has none', async () => {
    const input = checkoutInput();
    const { providerPaymentId } = await gateway.startCheckout(input);
    expect(await gateway.getPaymentStatus(input.extTranRefId)).toBeNull();
    peer.pay(providerPaymentId, 'succeeds');
    expect(await gateway.getPaymentStatus(input.extTranRefId)).toMatchObject({
      extTranRefId: input.extTranRefId,
      outcome: 'SUCCESS',
    });
  });

  it('says Stripe is unavailable when it cannot be reached, refused with a wrong key', async () => {
    const down = createStripePaymentGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: 'http://127.0.0.1:1',
    });
    await expect(down.getPaymentStatus('x', 'cs_test_x')).rejects.toThrow(PaymentGatewayUnavailableError);
    const wrong = createStripePaymentGateway({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: peer.origin,
    });
    await expect(wrong.startCheckout(checkoutInput())).rejects.toThrow(/refused the request \(401\)/);
  });
});

describe('Stripe webhooks', () => {
  async function completedSession() {
    const input = checkoutInput();
    const { providerPaymentId } = await gateway.startCheckout(input);
    peer.pay(providerPaymentId, 'succeeds');
    return { input, sessionId: providerPaymentId };
  }

  it('verifies a signed checkout.session.completed and answers the event id and the status', async () => {
    const { input, sessionId } = await completedSession();
    const event = peer.event('checkout.session.completed', sessionId, { eventId: 'evt_test_once' });
    const verified = await gateway.verifyNotification(event.payload, event.headers);
    expect(verified).toEqual({
      notificationId: 'evt_test_once',
      status: expect.objectContaining({
        extTranRefId: input.extTranRefId,
        providerPaymentId: sessionId,
        outcome: 'SUCCESS',
      }),
    });
    // Stripe's retry of the same event carries the same id.
    const replay = peer.event('checkout.session.completed', sessionId, { eventId: 'evt_test_once' });
    expect((await gateway.verifyNotification(replay.payload, replay.headers)).notificationId).toBe(
      'evt_test_once',
    );
  });

  it('refuses a bad signature, a tampered body, another secret and a stale timestamp', async () => {
    const { sessionId } = await completedSession();
    const event = peer.event('checkout.session.completed', sessionId);
    await expect(
      gateway.verifyNotification(event.payload.replace('"complete"', '"open"'), event.headers),
    ).rejects.toThrow(InvalidNotificationSignatureError);
    const forged = peer.event('checkout.session.completed', sessionId, { secret: 'whsec_someone_else' });
    await expect(gateway.verifyNotification(forged.payload, forged.headers)).rejects.toThrow(
      InvalidNotificationSignatureError,
    );
    await expect(gateway.verifyNotification(event.payload, {})).rejects.toThrow(
      InvalidNotificationSignatureError,
    );
    const stale = peer.event('checkout.session.completed', sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    await expect(gateway.verifyNotification(stale.payload, stale.headers)).rejects.toThrow(
      /Timestamp outside the tolerance zone/,
    );
  });

  it('reports checkout.session.expired as CANCELLED, and sets aside events it does not follow', async () => {
    const input = checkoutInput();
    const { providerPaymentId } = await gateway.startCheckout(input);
    peer.expire(providerPaymentId);
    const expired = peer.event('checkout.session.expired', providerPaymentId);
    expect((await gateway.verifyNotification(expired.payload, expired.headers)).status).toMatchObject({
      outcome: 'CANCELLED',
    });
    const other = peer.event('customer.created', providerPaymentId);
    await expect(gateway.verifyNotification(other.payload, other.headers)).rejects.toThrow(
      UnhandledNotificationError,
    );
  });
});

describe('Stripe saved cards', () => {
  async function savedCard(outcome: Parameters<StripePeer['saveCard']>[1] = 'succeeds') {
    counter += 1;
    const reference = `card-stripe-${counter}-${Date.now()}`;
    const page = await gateway.startSaveCard({
      reference,
      kind: 'CREDIT_CARD',
      language: 'en',
      returnUrl: 'http://127.0.0.1:9/cards/done',
      idempotencyKey: `save-${reference}`,
    });
    expect(peer.object(page.providerPaymentId)).toMatchObject({
      mode: 'setup',
      client_reference_id: reference,
    });
    expect(await gateway.getSavedCard(reference, page.providerPaymentId)).toBeNull();
    peer.saveCard(page.providerPaymentId, outcome, 'Grace Hopper');
    return { reference, sessionId: page.providerPaymentId };
  }

  it('saves a card through a setup-mode session and reads it (by session id, or by reference)', async () => {
    const { reference, sessionId } = await savedCard();
    const card = await gateway.getSavedCard(reference, sessionId);
    expect(card).toEqual({
      token: expect.stringMatching(/^cus_test_\w+\/pm_test_\w+$/),
      last4: '4242',
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2034,
      holderName: 'Grace Hopper',
    });
    expect(await gateway.getSavedCard(reference)).toEqual(card);
  });

  it('charges a saved card off-session, once per idempotency key', async () => {
    const { reference, sessionId } = await savedCard();
    const card = (await gateway.getSavedCard(reference, sessionId))!;
    const input = {
      extTranRefId: `${reference}-1`,
      token: card.token,
      amountMinor: 7_700,
      currency: 'USD',
      idempotencyKey: `${reference}-1`,
    };
    const charged = await gateway.chargeSavedCard(input);
    expect(charged).toMatchObject({
      extTranRefId: input.extTranRefId,
      outcome: 'SUCCESS',
      amountMinor: 7_700,
      currency: 'USD',
      last4: '4242',
    });
    const sent = peer.requests
      .filter((request) => request.path === '/v1/payment_intents' && request.method === 'POST')
      .at(-1)!;
    expect(sent.body).toMatchObject({
      off_session: 'true',
      confirm: 'true',
      metadata: { extTranRefId: input.extTranRefId, source: 'saved_card' },
    });
    expect(sent.idempotencyKey).toBe(input.idempotencyKey);
    expect((await gateway.chargeSavedCard(input)).providerPaymentId).toBe(charged.providerPaymentId);

    const event = peer.event('payment_intent.succeeded', charged.providerPaymentId);
    expect((await gateway.verifyNotification(event.payload, event.headers)).status).toMatchObject({
      extTranRefId: input.extTranRefId,
      outcome: 'SUCCESS',
    });
  });

  it('answers a declined or expired saved card as an outcome, not an error', async () => {
    const cases: Array<[Parameters<StripePeer['saveCard']>[1], string, string]> = [
      ['card_declined', 'DECLINED', 'Declined'],
      ['expired_card', 'EXPIRATION_DATE_INCORRECT', 'ExpirationDateIncorrect'],
      ['authentication_required', 'FAILED', 'AuthenticationRequired'],
    ];
    for (const [behaviour, outcome, responseText] of cases) {
      const { reference, sessionId } = await savedCard(behaviour);
      const card = (await gateway.getSavedCard(reference, sessionId))!;
      const charged = await gateway.chargeSavedCard({
        extTranRefId: `${reference}-1`,
        token: card.token,
        amountMinor: 100,
        currency: 'USD',
        idempotencyKey: `${reference}-1`,
      });
      expect(charged).toMatchObject({
        outcome,
        responseText,
        providerPaymentId: expect.stringMatching(/^pi_test_/),
      });
    }
    await expect(
      gateway.chargeSavedCard({
        extTranRefId: 'x',
        token: 'not-a-token',
        amountMinor: 1,
        currency: 'USD',
        idempotencyKey: 'x',
      }),
    ).rejects.toThrow(PaymentGatewayRejectedError);
  });
});
