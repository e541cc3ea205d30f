import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../auth/session.service';
import { disputeFilterFields } from '../disputes/dispute-fields';
import { INVOICE_FIELDS } from '../invoices/invoice-fields';
import { PAYMENT_LOG_FILTER_FIELDS } from '../payment-logs/payment-log-fields';
import { disputeListValidator, invoiceListValidator, paymentLogListValidator } from './grid-scope-probe';

// The validators say when a kept grid answer may be given again: these cases are the parts that
// do not come from the database's versions (the clock, the caller's privileges, the probe's order).

const customer = { id: 7, custNo: 'C7', company: 'Seven Co', currencies: ['USD', 'EUR'], defAccount: true };

function sessionWith(
  ledger: Record<string, [number, number]> | null,
  custNo = 'C7',
  reasons: number | null = 5,
): SessionContext {
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
    scopeProbe: { custNo, result: ledger === null ? null : { ...customer, ledger, cart: '', reasons } },
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

  it("change a dispute list with the tenant's reason descriptions", () => {
    const now = at('2026-11-28T10:00:00Z');
    const of = (reasons: number | null) =>
      disputeListValidator(sessionWith(ledger, 'C7', reasons), query, { canViewAmounts: true, now });
    expect(of(6)).not.toBe(of(5));
    expect(of(null)).not.toBe(of(5));
    expect(of(5)).toBe(of(5));
  });

  it("change a payment log with the quarter hour (any time zone's midnight) and with its payments, nothing else", () => {
    const of = (iso: string, groups = ledger) =>
      paymentLogListValidator(sessionWith(groups), query, { now: at(iso) });
    expect(of('2026-11-28T05:30:00Z')).toBe(of('2026-11-28T05:44:59Z'));
    // Midnight in Kolkata (UTC+5:30) and in Kathmandu (UTC+5:45): a database there counts a new day.
    expect(of('2026-11-28T18:29:59Z')).not.toBe(of('2026-11-28T18:30:00Z'));
    expect(of('2026-11-28T18:14:59Z')).not.toBe(of('2026-11-28T18:15:00Z'));
    expect(of('2026-11-28T10:00:00Z', { ...ledger, 'USD/disputes': [30, 30] })).toBe(
      of('2026-11-28T10:00:00Z'),
    );
    expect(of('2026-11-28T10:00:00Z', { ...ledger, 'USD/payments': [30, 30] })).not.toBe(
      of('2026-11-28T10:00:00Z'),
    );
    expect(of('2026-11-28T10:00:00Z', { ...ledger, 'USD/O': [31, 31] })).toBe(of('2026-11-28T10:00:00Z'));
  });

  it("change an invoice list with its own group's version and the quarter hour (relative date filters)", () => {
    const of = (groups: Record<string, [number, number]>, iso = '2026-11-28T10:00:00Z') =>
      invoiceListValidator(sessionWith(groups), { ...query, status: 'O' }, { now: at(iso) });
    expect(of({ ...ledger, 'USD/O': [40, 8] })).not.toBe(of(ledger));
    expect(of({ ...ledger, 'USD/C': [41, 41] })).toBe(of(ledger));
    expect(of({ ...ledger, 'USD/disputes': [42, 42] })).toBe(of(ledger));
    expect(of(ledger, '2026-11-28T10:14:59Z')).toBe(of(ledger));
    expect(of(ledger, '2026-11-28T10:15:00Z')).not.toBe(of(ledger));
  });

  it('cover every relative date filter the grids accept: none reaches a datetime field', () => {
    // infuture/inpast on a datetime compare with now() (search/filter-sql.ts), which a kept answer
    // could not follow for a quarter hour; on a date they count the database's days, which it does.
    const grids = {
      invoices: INVOICE_FIELDS,
      disputes: disputeFilterFields(true),
      paymentLog: PAYMENT_LOG_FILTER_FIELDS,
    };
    const datetimeFields = Object.entries(grids).flatMap(([grid, fields]) =>
      Object.entries(fields)
        .filter(([, field]) => field.type === 'datetime')
        .map(([name]) => `${grid}.${name}`),
    );
    expect(datetimeFields).toEqual([]);
    expect(Object.keys(grids.disputes)).toContain('createdOn');
  });
});
