import { describe, expect, it } from 'vitest';
import { datePatternFor, formatDateByPattern, parseDateByPattern } from './date-pattern';

describe('date pattern', () => {
  it("is the spec's mm/dd/yy in the US and keeps its shape in the locale's order elsewhere", () => {
    expect(datePatternFor('en-US').dayjs).toBe('MM/DD/YY');
    expect(datePatternFor('en').dayjs).toBe('MM/DD/YY');
    expect(datePatternFor('fr-FR').dayjs).toBe('DD/MM/YY');
    expect(datePatternFor('fr').dayjs).toBe('DD/MM/YY');
    expect(datePatternFor('de-DE').dayjs).toBe('DD.MM.YY');
    expect(datePatternFor('not a locale!').dayjs).toBe('MM/DD/YY');
  });

  it('shows ISO dates in the pattern', () => {
    expect(formatDateByPattern('2026-01-31', datePatternFor('en-US'))).toBe('01/31/26');
    expect(formatDateByPattern('2026-01-31', datePatternFor('fr-FR'))).toBe('31/01/26');
    expect(formatDateByPattern('2026-01-31T10:00:00', datePatternFor('de-DE'))).toBe('31.01.26');
  });

  it('reads typed dates in the order of the pattern, with 2- or 4-digit years, into ISO', () => {
    const us = datePatternFor('en-US');
    const fr = datePatternFor('fr-FR');
    expect(parseDateByPattern('01/31/26', us)).toBe('2026-01-31');
    expect(parseDateByPattern('1/5/2026', us)).toBe('2026-01-05');
    expect(parseDateByPattern('12/31/99', us)).toBe('1999-12-31');
    expect(parseDateByPattern('05/01/26', fr)).toBe('2026-01-05');
    expect(parseDateByPattern('2026-02-28', fr)).toBe('2026-02-28');
  });

  it('refuses what is not a calendar date', () => {
    const us = datePatternFor('en-US');
    expect(parseDateByPattern('02/30/26', us)).toBeNull();
    expect(parseDateByPattern('13/01/26', us)).toBeNull();
    expect(parseDateByPattern('01/31/202', us)).toBeNull();
    expect(parseDateByPattern('01/31', us)).toBeNull();
    expect(parseDateByPattern('2026-02-30', us)).toBeNull();
    expect(parseDateByPattern('', us)).toBeNull();
  });
});
