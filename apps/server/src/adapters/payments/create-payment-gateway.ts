import type { AppConfig } from '../../config';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxPaymentGateway } from './sandbox/sandbox-payment-gateway';

/** The provider the settings name (PAYMENT_PROVIDER): the built-in sandbox by default, or Stripe. */
export function createPaymentGateway(config: Pick<AppConfig, 'payments'>): PaymentGateway {
  const payments = config.payments;
  if (payments.provider === 'stripe') {
    const options = {
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      apiBase: payments.apiBase,
    };
    return loadedOnFirstCall('stripe', async () =>
      (await import('./stripe/stripe-payment-gateway')).createStripePaymentGateway(options),
    );
  }
  return createSandboxPaymentGateway({ apiUrl: payments.apiUrl, secret: payments.secret });
}

/**
 * A gateway whose adapter (and its SDK, Stripe's being one of the largest modules) is loaded by
 * the first call rather than at start; every call of the port is asynchronous already.
 */
function loadedOnFirstCall(name: string, load: () => Promise<PaymentGateway>): PaymentGateway {
  let gateway: Promise<PaymentGateway> | undefined;
  const loaded = () => (gateway ??= load());
  return {
    name,
    startCheckout: async (input) => (await loaded()).startCheckout(input),
    getPaymentStatus: async (extTranRefId, providerPaymentId) =>
      (await loaded()).getPaymentStatus(extTranRefId, providerPaymentId),
    verifyNotification: async (rawBody, headers) => (await loaded()).verifyNotification(rawBody, headers),
    cancelCheckout: async (extTranRefId, providerPaymentId) =>
      (await loaded()).cancelCheckout(extTranRefId, providerPaymentId),
    startSaveCard: async (input) => (await loaded()).startSaveCard(input),
    getSavedCard: async (reference, providerSessionId) =>
      (await loaded()).getSavedCard(reference, providerSessionId),
    chargeSavedCard: async (input) => (await loaded()).chargeSavedCard(input),
  };
}
