import { beforeAll, describe, expect, it } from 'vitest';
import { toHeaderValue } from './message-headers';
import {
  createPdfDocument,
  FONT_REGULAR,
  fitText,
  formatAmount,
  formatLongDate,
  formatMoney,
  formatQuantity,
  formatShortDate,
  formatUnitPrice,
  type PdfDocument,
  wrapText,
} from './pdf-layout';

describe('amount formatting from decimal strings', () => {
  it('rounds to 2 decimals and groups thousands, en-US style', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('0')).toBe('0.00');
    expect(formatAmount('-25.505')).toBe('-25.51');
    expect(formatAmount('999.994')).toBe('999.99');
    expect(formatAmount('123456789012.34')).toBe('123,456,789,012.34');
  });

  it('puts the symbol between the sign and the digits', () => {
    expect(formatMoney('-1034.5', '€')).toBe('-€1,034.50');
    expect(formatMoney('75.25', '£')).toBe('£75.25');
    expect(formatMoney('1000', 'CA$')).toBe('CA$1,000.00');
  });

  it('keeps a unit price precision (2 to 4 decimals) and trims quantities', () => {
    expect(formatUnitPrice('12.3450')).toBe('12.345');
    expect(formatUnitPrice('1200.5000')).toBe('1,200.50');
    expect(formatUnitPrice('-0.0001')).toBe('-0.0001');
    expect(formatQuantity('2.500')).toBe('2.5');
    expect(formatQuantity('3.000')).toBe('3');
    expect(formatQuantity('-1250.000')).toBe('-1,250');
  });

  it('formats calendar dates without any time zone shift', () => {
    expect(formatLongDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatLongDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatShortDate('2026-03-09')).toBe('03/09/2026');
    expect(formatShortDate(null)).toBe('');
  });
});

describe('text fitting', () => {
  let doc: PdfDocument;
  beforeAll(async () => {
    doc = await createPdfDocument({ layout: 'portrait', margin: 50, title: 't', author: 'a' });
    doc.font(FONT_REGULAR).fontSize(9);
  });

  it('wraps words into lines that fit, breaking a word longer than a line', () => {
    const text = `Crème brûlée ${'x'.repeat(80)} end of the line`;
    const lines = wrapText(doc, text, 120);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(doc.widthOfString(line)).toBeLessThanOrEqual(120);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    expect(wrapText(doc, 'one\ntwo', 500)).toEqual(['one', 'two']);
  });

  it('shortens with an ellipsis only when needed', () => {
    expect(fitText(doc, 'short', 100)).toBe('short');
    const cut = fitText(doc, 'a rather long purchase order reference', 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(doc.widthOfString(cut)).toBeLessThanOrEqual(60);
  });
});

describe('message header values', () => {
  it('keeps plain ASCII and percent-encodes the rest, commas and percent signs', () => {
    expect(toHeaderValue('INV-1 A')).toBe('INV-1 A');
    expect(toHeaderValue('é,%')).toBe('%C3%A9%2C%25');
    expect(toHeaderValue('€😀')).toBe('%E2%82%AC%F0%9F%98%80');
    expect(toHeaderValue('a\r\nb')).toBe('a%0D%0Ab');
  });
});
