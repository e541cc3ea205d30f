import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, fromMinorUnits, roundMoney, subtractMoney, toMinorUnits } from './money';

describe('money', () => {
  it('parses decimal strings and numbers into cents, rounding half away from zero', () => {
    expect(toMinorUnits('12.345')).toBe(1235);
    expect(toMinorUnits('-12.345')).toBe(-1235);
    expect(toMinorUnits('0.1')).toBe(10);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits('-0.001')).toBe(0);
    expect(() => toMinorUnits('12,50')).toThrow('Not an amount');
    expect(() => toMinorUnits(Number.NaN)).toThrow();
  });

  it('formats cents as 2-decimal strings', () => {
    expect(fromMinorUnits(5)).toBe('0.05');
    expect(fromMinorUnits(-123456)).toBe('-1234.56');
    expect(roundMoney('10')).toBe('10.00');
  });

  it('adds and subtracts without float drift', () => {
    expect(addMoney('0.10', '0.20', 0.3)).toBe('0.60');
    expect(subtractMoney('100.00', '33.33')).toBe('66.67');
  });

  it('round-trips every whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(toMinorUnits(fromMinorUnits(cents))).toBe(cents);
      }),
    );
  });
});
