import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAbaRoutingNumber } from './aba-routing';

describe('isValidAbaRoutingNumber', () => {
  it('accepts real routing numbers', () => {
    // Federal Reserve Bank of New York, JPMorgan Chase (NY), Bank of America (CA), Wells Fargo (MN).
    for (const number of ['021000021', '021000089', '121000358', '091000019', '011000015']) {
      expect(isValidAbaRoutingNumber(number), number).toBe(true);
    }
  });

  it('refuses a wrong check digit, other lengths, non-digits and all zeros', () => {
    expect(isValidAbaRoutingNumber('021000022')).toBe(false);
    expect(isValidAbaRoutingNumber('123456789')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002')).toBe(false);
    expect(isValidAbaRoutingNumber('0210000211')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002a')).toBe(false);
    expect(isValidAbaRoutingNumber('000000000')).toBe(false);
  });

  it('refuses every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const valid = '021000021';
        const changed = (Number(valid[position]) + delta) % 10;
        const typo = `${valid.slice(0, position)}${changed}${valid.slice(position + 1)}`;
        expect(isValidAbaRoutingNumber(typo)).toBe(false);
      }),
    );
  });
});
