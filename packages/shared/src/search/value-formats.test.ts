import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  hasForbiddenCharacters,
  isFieldName,
  normalizeDate,
  normalizeDateTime,
  normalizeDecimal,
  normalizeInteger,
  parseRelativeRange,
} from './value-formats';

describe('numbers', () => {
  it('normalizes integers and refuses the rest', () => {
    expect(normalizeInteger('007')).toBe('7');
    expect(normalizeInteger('-0')).toBe('0');
    expect(normalizeInteger('+12')).toBe('12');
    expect(normalizeInteger(-5)).toBe('-5');
    for (const bad of ['', ' ', '1.0', '1e3', '--1', '0x10', Number.NaN, 1e21, 0.5, null, true]) {
      expect(normalizeInteger(bad)).toBeUndefined();
    }
  });

  it('normalizes decimals and refuses the rest', () => {
    expect(normalizeDecimal('.5')).toBe('0.5');
    expect(normalizeDecimal('5.')).toBe('5');
    expect(normalizeDecimal('-000.10')).toBe('-0.10');
    expect(normalizeDecimal('-0.00')).toBe('0.00');
    expect(normalizeDecimal(0.1)).toBe('0.1');
    for (const bad of ['.', '-', '1..2', '1,5', 'Infinity', Number.POSITIVE_INFINITY, '1e-7', 1e-7]) {
      expect(normalizeDecimal(bad)).toBeUndefined();
    }
  });

  it('compares decimals exactly, agreeing with bigint arithmetic on scaled values', () => {
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('-1.5', '-1.49')).toBe(-1);
    expect(compareDecimal('100000000000000000000.01', '100000000000000000000')).toBe(1);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }),
        fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }),
        (a, b) => {
          const text = (n: bigint) =>
            `${n < 0n ? '-' : ''}${(n < 0n ? -n : n) / 1000n}.${String((n < 0n ? -n : n) % 1000n).padStart(3, '0')}`;
          expect(compareDecimal(text(a), text(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('dates', () => {
  it('accepts real calendar dates of years 1 to 9999', () => {
    expect(normalizeDate('2024-02-29')).toBe('2024-02-29');
    expect(normalizeDate('0001-01-01')).toBe('0001-01-01');
    expect(normalizeDate(' 2026-01-31T23:59:59.999999-14:00 ')).toBe('2026-01-31');
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '0000-01-01',
      '26-01-31',
      '2026-1-31',
    ]) {
      expect(normalizeDate(bad)).toBeUndefined();
    }
  });

  it('normalizes datetimes to seconds and keeps fraction and zone', () => {
    expect(normalizeDateTime('2026-01-31T10:20')).toBe('2026-01-31T10:20:00');
    expect(normalizeDateTime('2026-01-31T10:20:30.5Z')).toBe('2026-01-31T10:20:30.5Z');
    expect(normalizeDateTime('2026-01-31')).toBe('2026-01-31T00:00:00');
    for (const bad of [
      '2026-01-31T24:00',
      '2026-01-31T10:60',
      '2026-01-31T10:00:60',
      '2026-01-31T10:00+15:00',
      '2026-01-31T10:00:00.1234567',
      '2026-01-31t10:00',
      '2026-01-31 10:00',
    ]) {
      expect(normalizeDateTime(bad)).toBeUndefined();
    }
  });

  it('parses relative ranges within bounds', () => {
    expect(parseRelativeRange('-30,0')).toEqual([-30, 0]);
    expect(parseRelativeRange(' 5 , -5 ')).toEqual([5, -5]);
    for (const bad of ['', '1', '1,2,3', 'a,1', '1.5,2', '36601,0', undefined]) {
      expect(parseRelativeRange(bad)).toBeUndefined();
    }
  });
});

describe('text and names', () => {
  it('flags NUL and unpaired surrogates only', () => {
    expect(hasForbiddenCharacters('a\u0000')).toBe(true);
    expect(hasForbiddenCharacters('\uD800')).toBe(true);
    expect(hasForbiddenCharacters('x\uDC00')).toBe(true);
    expect(hasForbiddenCharacters('😀 é \n\t')).toBe(false);
  });

  it('accepts ASCII identifiers that are not words of the dialect', () => {
    expect(isFieldName('invNo')).toBe(true);
    expect(isFieldName('_x1')).toBe(true);
    for (const bad of ['1a', 'a-b', 'a b', '', 'and', 'datetime', 'é', 5, undefined])
      expect(isFieldName(bad)).toBe(false);
  });
});
