import { describe, expect, it } from 'vitest';
import { autopayDate, decideAutopay } from './autopay';

const invoice = {
  dueDate: '2026-11-30',
  balance: '120.00',
  disputeAmount: '0.00',
  promise: false,
  paymentPending: false,
  skipped: false,
};
const rule = { daysBefore: 5, maxAmount: null };

describe('autopay decisions', () => {
  it('pays the balance from the due date less the days before, and overdue invoices too', () => {
    expect(autopayDate('2026-12-03', 5)).toBe('2026-11-28');
    expect(decideAutopay(invoice, rule, '2026-11-24')).toEqual({ pay: false, reason: 'NOT_DUE' });
    expect(decideAutopay(invoice, rule, '2026-11-25')).toEqual({ pay: true, amountMinor: 12_000 });
    expect(decideAutopay(invoice, { daysBefore: 0, maxAmount: null }, '2026-12-15')).toEqual({
      pay: true,
      amountMinor: 12_000,
    });
  });

  it('leaves skipped, disputed, promised, pending, zero, credit and above-limit invoices with their reason', () => {
    const day = '2026-11-30';
    expect(decideAutopay({ ...invoice, skipped: true }, rule, day)).toMatchObject({
      reason: 'SKIPPED_BY_USER',
    });
    expect(decideAutopay({ ...invoice, disputeAmount: '0.01' }, rule, day)).toMatchObject({
      reason: 'DISPUTED',
    });
    expect(decideAutopay({ ...invoice, promise: true }, rule, day)).toMatchObject({ reason: 'PROMISED' });
    expect(decideAutopay({ ...invoice, paymentPending: true }, rule, day)).toMatchObject({
      reason: 'PAYMENT_PENDING',
    });
    expect(decideAutopay({ ...invoice, balance: '0.00' }, rule, day)).toMatchObject({
      reason: 'NOTHING_DUE',
    });
    expect(decideAutopay({ ...invoice, balance: '-5.00' }, rule, day)).toMatchObject({
      reason: 'NOTHING_DUE',
    });
    expect(decideAutopay(invoice, { daysBefore: 0, maxAmount: '119.99' }, day)).toMatchObject({
      reason: 'ABOVE_LIMIT',
    });
    expect(decideAutopay(invoice, { daysBefore: 0, maxAmount: '120.00' }, day)).toEqual({
      pay: true,
      amountMinor: 12_000,
    });
  });
});
