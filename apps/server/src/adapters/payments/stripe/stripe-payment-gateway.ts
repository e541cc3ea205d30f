import Stripe from 'stripe';
import {
  type GatewayOutcome,
  type GatewayPaymentStatus,
  InvalidNotificationSignatureError,
  type PaymentGateway,
  PaymentGatewayRejectedError,
  PaymentGatewayUnavailableError,
  UnhandledNotificationError,
} from '../payment-gateway';

export type StripeGatewayOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (tests: a loopback peer); Stripe's own when undefined. */
  apiBase: string | undefined;
  /** Seconds a webhook's timestamp may lag (Stripe's default: 300). */
  toleranceSeconds?: number;
};

/** Stripe's locales for Checkout that Settle's languages map to. */
function checkoutLocale(language: string): 'fr' | 'en' {
  return language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

type FailureLike = { code?: string | null; decline_code?: string | null } | null | undefined;

/** A card failure in the words the payment flows use (the specification's error catalogue). */
function failureOutcome(error: FailureLike): { outcome: GatewayOutcome; responseText: string } {
  const codes = [error?.code, error?.decline_code];
  if (
    codes.includes('expired_card') ||
    codes.includes('invalid_expiry_year') ||
    codes.includes('invalid_expiry_month')
  ) {
    return { outcome: 'EXPIRATION_DATE_INCORRECT', responseText: 'ExpirationDateIncorrect' };
  }
  if (codes.includes('authentication_required'))
    return { outcome: 'FAILED', responseText: 'AuthenticationRequired' };
  if (codes.includes('processing_error')) return { outcome: 'FAILED', responseText: 'ProcessingError' };
  if (error?.code === 'card_declined') return { outcome: 'DECLINED', responseText: 'Declined' };
  return { outcome: 'FAILED', responseText: error?.code ?? 'Failed' };
}

function charge(intent: Stripe.PaymentIntent | null): Stripe.Charge | null {
  const latest = intent?.latest_charge;
  return latest && typeof latest === 'object' ? latest : null;
}

/** A PaymentIntent's state as the payment flows see it. */
function intentOutcome(intent: Stripe.PaymentIntent): { outcome: GatewayOutcome; responseText: string } {
  switch (intent.status) {
    case 'succeeded':
      return { outcome: 'SUCCESS', responseText: 'Approved' };
    case 'processing':
      return { outcome: 'PENDING', responseText: 'Pending' };
    case 'canceled':
      return { outcome: 'CANCELLED', responseText: 'Cancelled' };
    case 'requires_payment_method':
      return intent.last_payment_error
        ? failureOutcome(intent.last_payment_error)
        : { outcome: 'PENDING', responseText: 'AwaitingPayer' };
    default:
      return { outcome: 'PENDING', responseText: intent.status };
  }
}

function statusOfIntent(intent: Stripe.PaymentIntent, providerPaymentId: string): GatewayPaymentStatus {
  const latest = charge(intent);
  const card = latest?.payment_method_details?.card;
  return {
    extTranRefId: intent.metadata.extTranRefId ?? '',
    providerPaymentId,
    ...intentOutcome(intent),
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    trackingNo: intent.status === 'succeeded' ? intent.id : null,
    authCode: latest?.authorization_code ?? null,
    last4: card?.last4 ?? null,
    cardBrand: card?.brand ?? null,
  };
}

/**
 * A Checkout Session's state: open means the payer is still on Stripe's page (a declined card lets
 * them try another there), complete and paid is a success, complete but unpaid is still processing,
 * expired is cancelled.
 */
function statusOfSession(session: Stripe.Checkout.Session): GatewayPaymentStatus {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const base = {
    extTranRefId: session.client_reference_id ?? session.metadata?.extTranRefId ?? '',
    providerPaymentId: session.id,
    amountMinor: session.amount_total ?? intent?.amount ?? 0,
    currency: (session.currency ?? intent?.currency ?? '').toUpperCase(),
  };
  const fromIntent = intent ? statusOfIntent(intent, session.id) : null;
  const details = {
    trackingNo: fromIntent?.trackingNo ?? null,
    authCode: fromIntent?.authCode ?? null,
    last4: fromIntent?.last4 ?? null,
    cardBrand: fromIntent?.cardBrand ?? null,
  };
  if (session.status === 'expired') {
    return { ...base, ...details, outcome: 'CANCELLED', responseText: 'Expired' };
  }
  if (
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
  ) {
    return { ...base, ...details, outcome: 'SUCCESS', responseText: 'Approved' };
  }
  if (session.status === 'complete' && fromIntent && fromIntent.outcome !== 'PENDING') {
    return { ...base, ...details, outcome: fromIntent.outcome, responseText: fromIntent.responseText };
  }
  return {
    ...base,
    ...details,
    outcome: 'PENDING',
    responseText: session.status === 'complete' ? 'Pending' : 'AwaitingPayer',
  };
}

/** Saved cards are a customer and a payment method at Stripe: the token carries both. */
function splitToken(token: string): { customer: string; paymentMethod: string } | null {
  const [customer, paymentMethod] = token.split('/');
  return customer?.startsWith('cus_') && paymentMethod?.startsWith('pm_')
    ? { customer, paymentMethod }
    : null;
}

/** Stripe's errors in the gateway's terms: unreachable or 5xx may be retried, a 4xx will not help. */
function translate(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    return new PaymentGatewayUnavailableError(error);
  }
  if (error instanceof Stripe.errors.StripeError) {
    if ((error.statusCode ?? 500) >= 500) return new PaymentGatewayUnavailableError(error);
    return new PaymentGatewayRejectedError(error.statusCode ?? 400, error.message);
  }
  return error instanceof Error ? error : new Error(String(error));
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translate(error);
  }
}

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);
const CHARGE_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.canceled',
]);

/**
 * Stripe Checkout behind the PaymentGateway port: a Checkout Session per payment (the payer's card is
 * typed on Stripe's page), webhooks verified with the SDK, cards saved by a setup-mode session and
 * charged off-session. Every creation carries the caller's idempotency key, so a retried start never
 * makes a second session or charge.
 */
export function createStripePaymentGateway(options: StripeGatewayOptions): PaymentGateway {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  const expandSession = ['payment_intent.latest_charge'];

  async function sessionStatus(sessionId: string): Promise<GatewayPaymentStatus> {
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: expandSession });
    return statusOfSession(session);
  }

  async function intentStatus(intentId: string): Promise<GatewayPaymentStatus> {
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    return statusOfIntent(intent, intent.id);
  }

  /** Without Stripe's id: its search by metadata (it may lag a new payment by a few seconds). */
  async function searchedStatus(extTranRefId: string): Promise<GatewayPaymentStatus | null> {
    const found = await stripe.paymentIntents.search({
      query: `metadata['extTranRefId']:'${extTranRefId.replaceAll("'", "\\'")}'`,
      limit: 1,
    });
    const intent = found.data[0];
    return intent ? intentStatus(intent.id) : null;
  }

  return {
    name: 'stripe',

    startCheckout: (input) =>
      guarded(async () => {
        const metadata = { extTranRefId: input.extTranRefId, kind: input.kind, source: 'checkout' };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: input.extTranRefId,
            allowed_payment_method_types: ['card'],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountMinor,
                  product_data: { name: input.description || input.extTranRefId },
                },
              },
            ],
            locale: checkoutLocale(input.language),
            success_url: input.returnUrl,
            cancel_url: input.returnUrl,
            metadata,
            payment_intent_data: { metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url)
          throw new PaymentGatewayRejectedError(502, 'Stripe answered a session without a URL');
        return {
          providerPaymentId: session.id,
          serviceURL: session.url,
          serviceMethod: 'GET' as const,
          templateProperties: {},
        };
      }),

    getPaymentStatus: (extTranRefId, providerPaymentId) =>
      guarded(async () => {
        if (providerPaymentId?.startsWith('cs_')) return sessionStatus(providerPaymentId);
        if (providerPaymentId?.startsWith('pi_')) return intentStatus(providerPaymentId);
        return searchedStatus(extTranRefId);
      }),

    cancelCheckout: (extTranRefId, providerPaymentId) =>
      guarded(async () => {
        if (!providerPaymentId?.startsWith('cs_')) {
          // Without the session's id nothing can be expired: answer where the payment stands.
          return searchedStatus(extTranRefId);
        }
        const session = await stripe.checkout.sessions.retrieve(providerPaymentId);
        // Only an open session can be expired; a completed one keeps its outcome.
        if (session.status === 'open') await stripe.checkout.sessions.expire(providerPaymentId);
        return sessionStatus(providerPaymentId);
      }),

    async verifyNotification(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          Array.isArray(signature) ? signature.join(',') : (signature ?? ''),
          options.webhookSecret,
          options.toleranceSeconds,
        );
      } catch (error) {
        throw new InvalidNotificationSignatureError((error as Error).message);
      }
      if (CHECKOUT_EVENTS.has(event.type)) {
        const session = event.data.object as Stripe.Checkout.Session;
        if (session.mode !== 'payment') throw new UnhandledNotificationError(event.type);
        // The event's copy may be older than another event already seen: Stripe's current state decides.
        return { notificationId: event.id, status: await guarded(() => sessionStatus(session.id)) };
      }
      if (CHARGE_EVENTS.has(event.type)) {
        const intent = event.data.object as Stripe.PaymentIntent;
        // Checkout's own payment intents are reported through their session's events.
        if (intent.metadata?.source !== 'saved_card') throw new UnhandledNotificationError(event.type);
        return { notificationId: event.id, status: await guarded(() => intentStatus(intent.id)) };
      }
      throw new UnhandledNotificationError(event.type);
    },

    startSaveCard: (input) =>
      guarded(async () => {
        const customer = await stripe.customers.create(
          { metadata: { reference: input.reference } },
          { idempotencyKey: `${input.idempotencyKey}:customer` },
        );
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'setup',
            customer: customer.id,
            allowed_payment_method_types: ['card'],
            client_reference_id: input.reference,
            locale: checkoutLocale(input.language),
            success_url: input.returnUrl,
            cancel_url: input.returnUrl,
            metadata: { reference: input.reference, kind: input.kind },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url)
          throw new PaymentGatewayRejectedError(502, 'Stripe answered a session without a URL');
        return {
          providerPaymentId: session.id,
          serviceURL: session.url,
          serviceMethod: 'GET' as const,
          templateProperties: {},
        };
      }),

    getSavedCard: (reference, providerSessionId) =>
      guarded(async () => {
        let sessionId = providerSessionId;
        if (!sessionId) {
          const customers = await stripe.customers.search({
            query: `metadata['reference']:'${reference.replaceAll("'", "\\'")}'`,
            limit: 1,
          });
          const customer = customers.data[0];
          if (!customer) return null;
          const sessions = await stripe.checkout.sessions.list({ customer: customer.id, limit: 1 });
          sessionId = sessions.data[0]?.id;
        }
        if (!sessionId) return null;
        const session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['setup_intent.payment_method'],
        });
        const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
        const method = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
        if (session.status !== 'complete' || intent?.status !== 'succeeded' || !method?.card) return null;
        const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
        return {
          token: `${customer}/${method.id}`,
          last4: method.card.last4,
          brand: method.card.brand,
          expiryMonth: method.card.exp_month,
          expiryYear: method.card.exp_year,
          holderName: method.billing_details?.name ?? '',
        };
      }),

    async chargeSavedCard(input) {
      const token = splitToken(input.token);
      if (!token) throw new PaymentGatewayRejectedError(400, 'Not a saved card token of this provider');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            customer: token.customer,
            payment_method: token.paymentMethod,
            off_session: true,
            confirm: true,
            metadata: { extTranRefId: input.extTranRefId, source: 'saved_card' },
            expand: ['latest_charge'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return statusOfIntent(intent, intent.id);
      } catch (error) {
        // A declined off-session charge is an answer, not a fault: Stripe reports it as a card error.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = error.payment_intent;
          return {
            extTranRefId: input.extTranRefId,
            providerPaymentId: intent?.id ?? '',
            ...failureOutcome(error),
            amountMinor: input.amountMinor,
            currency: input.currency.toUpperCase(),
            trackingNo: null,
            authCode: null,
            last4: null,
            cardBrand: null,
          };
        }
        throw translate(error);
      }
    },
  };
}
