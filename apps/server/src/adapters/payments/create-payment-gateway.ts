import type { AppConfig } from '../../config';
import type { PaymentGateway } from './payment-gateway';
import { createSandboxPaymentGateway } from './sandbox/sandbox-payment-gateway';
import { createStripePaymentGateway } from './stripe/stripe-payment-gateway';

/** The provider the settings name (PAYMENT_PROVIDER): the built-in sandbox by default, or Stripe. */
export function createPaymentGateway(config: Pick<AppConfig, 'payments'>): PaymentGateway {
  const payments = config.payments;
  if (payments.provider === 'stripe') {
    return createStripePaymentGateway({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      apiBase: payments.apiBase,
    });
  }
  return createSandboxPaymentGateway({ apiUrl: payments.apiUrl, secret: payments.secret });
}
