import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../auth/session.service';
import { disputeListValidator, invoiceListValidator, paymentLogListValidator } from './grid-scope-probe';

// The validators say when a kept grid answer may be given again: these cases are the parts that
// do not come from the database's versions (the clock, the caller's privileges, the probe's order).

const customer = { id: 7, custNo: 'C7', company: 'Seven Co', currencies: ['USD', 'EUR'], defAccount: true };

function sessionWith(ledger: Record<string, [number, number]> | null, custNo = 'C7'): SessionContext {
  return {
    tokenHash: 'hash',
    publicId: 'public',
    csrfToken: 'csrf',
    state: 'active',
    tenantId: 1,
    userId: 3,
    currentCustNo: null,
    currentCurrencyCode: null,
    user: {} as SessionContext['user'],
    roles: [],
    scopeProbe: { custNo, result: ledger === null ? null : { ...customer, ledger, cart: '' } },
  };
}

const ledger: Record<string, [number, number]> = {
  'USD/O': [10, 8],
  'USD/C': [11, 11],
  'USD/disputes': [12, 12],
  'USD/payments': [13, 13],
};
const query = { custNo: 'C7', currencyCode: 'USD' };
const at = (iso: string) => new Date(iso);

describe('grid answer validators', () => {
  it('leave alone a call the probe cannot vouch for: no customer or currency named, not linked, a currency not used', () => {
    const now = at('2026-11-28T10:00:00Z');
    const session = sessionWith(ledger);
    expect(
      disputeListValidator(session, { currencyCode: 'USD' }, { canViewAmounts: true, now }),
    ).toBeUndefined();
    expect(paymentLogListValidator(session, { custNo: 'C7' }, { now })).toBeUndefined();
    expect(paymentLogListValidator(sessionWith(null), query, { now })).toBeUndefined();
    expect(paymentLogListValidator(session, { custNo: 'C8', currencyCode: 'USD' }, { now })).toBeUndefined();
    expect(paymentLogListValidator(session, { ...query, currencyCode: 'GBP' }, { now })).toBeUndefined();
  });

  it("change a dispute list's validator with the quarter hour (a row's age in days), never within one", () => {
    const of = (iso: string, canViewAmounts = true) =>
      disputeListValidator(sessionWith(ledger), query, { canViewAmounts, now: at(iso) });
    expect(of('2026-11-28T10:00:00Z')).toBe(of('2026-11-28T10:14:59Z'));
    expect(of('2026-11-28T10:14:59Z')).not.toBe(of('2026-11-28T10:15:00Z'));
    expect(of('2026-11-28T10:00:00Z')).not.toBe(of('2026-11-28T10:00:00Z', false));
  });

  it('change a dispute list with any invoice data version, its own group, whatever order the probe gave', () => {
    const now = at('2026-11-28T10:00:00Z');
    const of = (groups: Record<string, [number, number]>) =>
      disputeListValidator(sessionWith(groups), query, { canViewAmounts: true, now });
    const reordered = Object.fromEntries(Object.entries(ledger).reverse());
    expect(of(reordered)).toBe(of(ledger));
    // A promise (version only) leaves the dispute rows as they were; a data write does not.
    expect(of({ ...ledger, 'USD/O': [20, 8] })).toBe(of(ledger));
    expect(of({ ...ledger, 'EUR/C': [20, 20] })).not.toBe(of(ledger));
    expect(of({ ...ledger, 'USD/disputes': [21, 21] })).not.toBe(of(ledger));
    // A payment is not in a dispute row.
    expect(of({ ...ledger, 'USD/payments': [22, 22] })).toBe(of(ledger));
  });

  it('change a payment log with the UTC day its ranges count from and with its payments, nothing else', () => {
    const of = (iso: string, groups = ledger) =>
      paymentLogListValidator(sessionWith(groups), query, { now: at(iso) });
    expect(of('2026-11-28T00:00:00Z')).toBe(of('2026-11-28T23:59:59Z'));
    expect(of('2026-11-28T23:59:59Z')).not.toBe(of('2026-11-29T00:00:00Z'));
    expect(of('2026-11-28T10:00:00Z', { ...ledger, 'USD/payments': [30, 30] })).not.toBe(
      of('2026-11-28T10:00:00Z'),
    );
    expect(of('2026-11-28T10:00:00Z', { ...ledger, 'USD/O': [31, 31] })).toBe(of('2026-11-28T10:00:00Z'));
  });

  it("change an invoice list with its own group's version only", () => {
    const of = (groups: Record<string, [number, number]>) =>
      invoiceListValidator(sessionWith(groups), { ...query, status: 'O' });
    expect(of({ ...ledger, 'USD/O': [40, 8] })).not.toBe(of(ledger));
    expect(of({ ...ledger, 'USD/C': [41, 41] })).toBe(of(ledger));
    expect(of({ ...ledger, 'USD/disputes': [42, 42] })).toBe(of(ledger));
  });
});
