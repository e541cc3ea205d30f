import { describe, expect, it } from 'vitest';
import { canUseCurrency, resolveCurrentCurrency, resolveCurrentCustomer } from './accounts';

const a = { custNo: 'A', currencies: ['USD', 'CAD'], defAccount: false };
const b = { custNo: 'B', currencies: ['EUR'], defAccount: false };
const c = { custNo: 'C', currencies: [], defAccount: false };

describe('current customer', () => {
  it('takes the stored one, then the one matching currentCustNo, then the first', () => {
    expect(
      resolveCurrentCustomer([a, b, c], { storedCustNo: 'C', currentCustNo: 'B', preferDefault: false }),
    ).toBe(c);
    expect(
      resolveCurrentCustomer([a, b, c], { storedCustNo: 'gone', currentCustNo: 'B', preferDefault: false }),
    ).toBe(b);
    expect(resolveCurrentCustomer([a, b, c], { currentCustNo: 'gone', preferDefault: false })).toBe(a);
    expect(resolveCurrentCustomer([], { preferDefault: true })).toBeNull();
  });

  it('lets the default account override all of them at sign-in', () => {
    const flagged = { ...b, defAccount: true };
    expect(
      resolveCurrentCustomer([a, flagged, c], { storedCustNo: 'C', currentCustNo: 'A', preferDefault: true }),
    ).toBe(flagged);
    expect(resolveCurrentCustomer([a, flagged, c], { storedCustNo: 'C', preferDefault: false })).toBe(c);
  });
});

describe('current currency', () => {
  it('keeps a requested currency only when the customer has it', () => {
    expect(resolveCurrentCurrency(a, 'CAD')).toEqual({ currencyCode: 'CAD', fellBack: false });
    expect(resolveCurrentCurrency(a, 'EUR')).toEqual({ currencyCode: 'USD', fellBack: false });
    expect(resolveCurrentCurrency(b, null)).toEqual({ currencyCode: 'EUR', fellBack: false });
  });

  it('falls back to USD for a customer without currencies, and says so', () => {
    expect(resolveCurrentCurrency(c, 'EUR')).toEqual({ currencyCode: 'USD', fellBack: true });
    expect(resolveCurrentCurrency(null)).toEqual({ currencyCode: 'USD', fellBack: true });
    expect(canUseCurrency(c, 'USD')).toBe(true);
    expect(canUseCurrency(c, 'EUR')).toBe(false);
    expect(canUseCurrency(a, 'CAD')).toBe(true);
  });
});
