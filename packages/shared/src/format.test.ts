import { describe, expect, it } from 'vitest';
import {
  formatC2,
  formatDate,
  formatN0,
  formatN2,
  formatQuantity,
  formatUnitPrice,
  safeLocale,
} from './format';

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

  it('shows a unit price with its stored precision, 2 to 4 decimals, as c2 otherwise', () => {
    const euro = { currencyCode: 'EUR', symbol: '€' };
    expect(formatUnitPrice('12.3450', { locale: 'en-US', ...euro })).toBe('€12.345');
    expect(formatUnitPrice('1200.5000', { locale: 'en-US', ...euro })).toBe('€1,200.50');
    expect(formatUnitPrice('-0.0001', { locale: 'en-US', currencyCode: 'USD', symbol: '$' })).toBe(
      '-$0.0001',
    );
    // The formatter's own spaces: a narrow no-break space groups, a no-break space comes before €.
    expect(formatUnitPrice('1234.5678', { locale: 'fr-FR', ...euro })).toBe('1\u202f234,5678\u00a0€');
  });

  it('formats decimal strings exactly, beyond what a double holds', () => {
    expect(formatC2('123456789012345678.91', { locale: 'en-US', currencyCode: 'USD', symbol: '$' })).toBe(
      '$123,456,789,012,345,678.91',
    );
    expect(formatN2('-90071992547409.93', 'en-US')).toBe('-90,071,992,547,409.93');
    expect(formatN0(' 12 ', 'en-US')).toBe('12');
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
