import type { SandboxPayment } from '../adapters/payments/sandbox/sandbox-records';

/** A checkout as the sandbox stores one, numbered so that tests can tell them apart and expect them. */
export function sampleSandboxPayment(index: number, overrides: Partial<SandboxPayment> = {}): SandboxPayment {
  const at = new Date(Date.now() - index * 1000).toISOString();
  return {
    id: `cs_${String(index).padStart(22, '0')}`,
    source: 'checkout',
    extTranRefId: `HPP-${String(index).padStart(12, '0')}`,
    amountMinor: 12_345 + index,
    currency: 'USD',
    kind: 'CREDIT_CARD',
    language: 'en',
    description: 'Invoices 100234, 100235',
    returnUrl: 'http://127.0.0.1:3000/api/payment/hpp/return',
    state: 'OPEN',
    responseText: null,
    trackingNo: null,
    authCode: null,
    last4: null,
    cardBrand: null,
    settleAt: null,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
