import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '../../adapters/payments/stripe/stripe-payment-gateway';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer';
import { createTestApp, type TestContext } from '../../test/test-app';

// Stripe's servers cannot be reached from here: the portal runs with PAYMENT_PROVIDER=stripe against a loopback
// peer that answers the subset of Stripe's API the adapter uses and signs events as Stripe does.
const SECRET_KEY = 'sk_test_settle0123456789';
const WEBHOOK_SECRET = 'whsec_settle0123456789';

let peer: StripePeer;
let context: TestContext;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  context = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: peer.origin,
  });
});
afterAll(async () => {
  await context?.close();
  await peer?.close();
});

async function openSession(): Promise<string> {
  const gateway = createStripePaymentGateway({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: peer.origin,
  });
  const started = await gateway.startCheckout({
    extTranRefId: `ref-route-${Date.now()}`,
    amountMinor: 1_000,
    currency: 'USD',
    kind: 'CREDIT_CARD',
    language: 'en',
    description: 'route test',
    returnUrl: 'http://127.0.0.1:9/paymentDone',
    idempotencyKey: `route-${Date.now()}`,
  });
  return started.providerPaymentId;
}

function post(event: { payload: string; headers: Record<string, string> }) {
  return context.app.inject({
    method: 'POST',
    url: `${context.api}/payment/notifications/stripe`,
    headers: { 'content-type': 'application/json', ...event.headers },
    payload: event.payload,
  });
}

describe('Stripe notifications at the portal', () => {
  it('acknowledges a genuine event the payment flows do not follow, so Stripe stops retrying it', async () => {
    const response = await post(peer.event('customer.created', await openSession()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
  });

  it('refuses an event signed with another secret, and one outside the replay window', async () => {
    const sessionId = await openSession();
    const forged = await post(
      peer.event('checkout.session.completed', sessionId, { secret: 'whsec_another0123456789' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'NOTIFICATION_SIGNATURE_INVALID' });
    const stale = await post(
      peer.event('checkout.session.completed', sessionId, {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    expect(stale.statusCode).toBe(400);
  });
});
