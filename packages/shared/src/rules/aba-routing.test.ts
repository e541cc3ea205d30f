import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAbaRoutingNumber } from './aba-routing';

describe('isValidAbaRoutingNumber', () => {
  it('accepts real routing numbers', () => {
    for (const value of ['021000021', '011000015', '122105155', '026009593']) {
      expect(isValidAbaRoutingNumber(value), value).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong length, letters and all zeros', () => {
    for (const value of ['021000022', '12345678', '0210000210', '02100002a', '', '000000000', ' 021000021']) {
      expect(isValidAbaRoutingNumber(value), value).toBe(false);
    }
  });

  it('catches every single-digit typo of a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '021000021'.split('').map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        expect(isValidAbaRoutingNumber(digits.join(''))).toBe(false);
      }),
    );
  });
});
