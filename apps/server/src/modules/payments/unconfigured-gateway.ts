import { type PaymentGateway, PaymentGatewayUnavailableError } from '../../adapters/payments/payment-gateway';

/** Until a provider is wired: every call fails as an unreachable provider would. */
export function createUnconfiguredGateway(): PaymentGateway {
  const fail = async (): Promise<never> => {
    throw new PaymentGatewayUnavailableError(new Error('no payment provider configured'));
  };
  return {
    name: 'none',
    startCheckout: fail,
    getPaymentStatus: fail,
    verifyNotification: fail,
    startSaveCard: fail,
    getSavedCard: fail,
    chargeSavedCard: fail,
  };
}
