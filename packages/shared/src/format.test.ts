import { describe, expect, it } from 'vitest';
import { formatC2, formatDate, formatN0, formatN2, formatQuantity, safeLocale } from './format';

// Intl uses narrow no-break spaces in French; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('display formats n0, n2, c2', () => {
  it('formats by the user formatting locale', () => {
    expect(formatN0(1234567.8, 'en-US')).toBe('1,234,568');
    expect(plain(formatN0(1234567.8, 'fr-FR'))).toBe('1 234 568');
    expect(formatN2('1234.5', 'en-US')).toBe('1,234.50');
    expect(plain(formatN2('1234.5', 'fr-FR'))).toBe('1 234,50');
  });

  it('shows a quantity as the invoice PDF: its decimals without trailing zeros, grouped by the locale', () => {
    expect(formatQuantity('2.500', 'en-US')).toBe('2.5');
    expect(formatQuantity('3.000', 'en-US')).toBe('3');
    expect(formatQuantity('1234.125', 'en-US')).toBe('1,234.125');
    expect(plain(formatQuantity('1234.5', 'fr-FR'))).toBe('1 234,5');
  });

  it('shows currency with 2 decimals and the symbol of the currency map', () => {
    expect(formatC2('-1234.5', { locale: 'en-US', currencyCode: 'USD', symbol: '$' })).toBe('-$1,234.50');
    expect(plain(formatC2('1234.5', { locale: 'fr-FR', currencyCode: 'EUR', symbol: '€' }))).toBe(
      '1 234,50 €',
    );
    expect(formatC2(10, { locale: 'en-US', currencyCode: 'CAD', symbol: 'CA$' })).toBe('CA$10.00');
    expect(formatC2(0.005, { locale: 'en-GB', currencyCode: 'GBP' })).toBe('£0.01');
  });

  it('accepts Java-style locales and falls back to en-US for nonsense', () => {
    expect(safeLocale('fr_FR')).toBe('fr-FR');
    expect(safeLocale('not a locale!')).toBe('en-US');
    expect(safeLocale(undefined)).toBe('en-US');
  });

  it('shows calendar dates without shifting them across time zones', () => {
    expect(formatDate('2026-01-31', 'en-US')).toBe('Jan 31, 2026');
    expect(formatDate('2026-01-31', 'fr-FR')).toBe('31 janv. 2026');
  });
});
