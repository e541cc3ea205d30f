import type { TPaymentConfig, TPaymentResult, TProviderSettings } from '@settle/shared/payments';

export function buildPaymentConfig(overrides: Partial<TPaymentConfig> = {}): TPaymentConfig {
  return {
    allowCreditCard: true,
    allowCreditCardProfile: false,
    allowDebitCard: true,
    allowDebitCardProfile: false,
    allowECheck: true,
    allowECheckProfile: false,
    allowCombined: false,
    contractNumberRequired: false,
    elements: [],
    noteMaxSize: 100,
    ...overrides,
  };
}

/** A provider without fees; `fees` gives a 2.5 % fee on `amount`. */
export function buildProviderSettings(
  options: { amount?: string; fees?: boolean; localProcessing?: boolean } = {},
): TProviderSettings {
  const amount = options.amount ?? '100.00';
  const fee = options.fees ? (Math.round(Number(amount) * 2.5) / 100).toFixed(2) : '0.00';
  return {
    name: 'sandbox',
    width: 700,
    height: 800,
    localProcessing: options.localProcessing ?? false,
    paymentFees: {
      feesApplied: options.fees ?? false,
      convenienceFeePercentage: options.fees ? '2.50' : '0.00',
      originalAmount: amount,
      amountWithFees: (Number(amount) + Number(fee)).toFixed(2),
      convenienceFeeAmount: fee,
    },
  };
}

export function buildPaymentResult(overrides: Partial<TPaymentResult> = {}): TPaymentResult {
  return {
    paymentProcessorDecision: null,
    responseText: null,
    trackingNo: null,
    authCode: null,
    paymentLogId: null,
    extTranRefId: 'ext-1',
    status: 'PENDING',
    serviceMethod: 'GET',
    serviceURL: 'http://127.0.0.1:3001/checkout/ext-1',
    templateProperties: null,
    pollStatus: true,
    ...overrides,
  };
}
