import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../payments';
import { checkCartLinePayment, convenienceFeeMinor, paymentFees } from './payments';

describe('convenience fees', () => {
  it('2.5 % of 100.00 is 2.50; of 10.01 rounds 0.25025 to 0.25; of 10.20 rounds 0.255 up to 0.26', () => {
    expect(paymentFees('100.00', '2.50')).toEqual({
      feesApplied: true,
      convenienceFeePercentage: '2.50',
      originalAmount: '100.00',
      amountWithFees: '102.50',
      convenienceFeeAmount: '2.50',
    });
    expect(convenienceFeeMinor(1001, '2.50')).toBe(25);
    expect(convenienceFeeMinor(1002, '2.50')).toBe(25);
    expect(convenienceFeeMinor(1003, '2.50')).toBe(25);
    expect(convenienceFeeMinor(1020, '2.50')).toBe(26);
  });

  it('no fee without a percentage or on a credit', () => {
    expect(paymentFees('100.00', '0')).toMatchObject({ feesApplied: false, amountWithFees: '100.00' });
    expect(convenienceFeeMinor(-500, '2.50')).toBe(0);
  });

  it('agrees with exact decimal arithmetic rounded half up, for any amount and percentage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 9_999 }),
        (cents, bp) => {
          const exact = (BigInt(cents) * BigInt(bp) * 2n + 10_000n) / 20_000n;
          const percentage = `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
          expect(convenienceFeeMinor(cents, percentage)).toBe(Number(exact));
        },
      ),
    );
  });
});

describe('checkCartLinePayment', () => {
  it('pays up to balance minus disputed; below it needs a reason', () => {
    const line = { balance: '100.00', disputed: '20.00' };
    expect(checkCartLinePayment({ ...line, payment: '80.00' })).toEqual({ ok: true });
    expect(checkCartLinePayment({ ...line, payment: '80.01' })).toMatchObject({
      ok: false,
      message: PAYMENT_MESSAGES.partialAmountRange.replace('{0}', '80.00'),
    });
    expect(checkCartLinePayment({ ...line, payment: '0.00' })).toMatchObject({ ok: false });
    expect(checkCartLinePayment({ ...line, payment: '50.00' })).toMatchObject({
      ok: false,
      code: 'SHORT_PAY_REASON_REQUIRED',
    });
    expect(checkCartLinePayment({ ...line, payment: '50.00', shortPayReason: 'DAMAGED' })).toEqual({
      ok: true,
    });
  });

  it('a credit pays exactly its balance', () => {
    expect(checkCartLinePayment({ balance: '-30.00', disputed: '0', payment: '-30.00' })).toEqual({
      ok: true,
    });
    expect(checkCartLinePayment({ balance: '-30.00', disputed: '0', payment: '-10.00' })).toMatchObject({
      ok: false,
    });
  });
});
