import { beforeAll, describe, expect, it } from 'vitest';
import { toHeaderValue } from './message-headers';
import { createPdfDocument, FONT_REGULAR, fitText, type PdfDocument, wrapText } from './pdf-layout';

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

  it('never breaks a line at a no-break space, and keeps it', () => {
    // fr-FR amounts group with U+202F and put U+00A0 before the currency sign.
    const amount = '1\u202f234\u00a0€';
    const lines = wrapText(doc, `Total ${amount} dû`, doc.widthOfString(amount) + 1);
    expect(lines).toEqual(['Total', amount, 'dû']);
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
