import { describe, expect, it } from 'vitest';
import { checkProfileExpiry, isExpired, PROFILE_EXPIRY_MESSAGES } from './profile-expiry';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('checkProfileExpiry', () => {
  it('takes MM/YYYY with spaces around the slash only', () => {
    expect(checkProfileExpiry('07 / 2027', NOW)).toMatchObject({
      ok: true,
      expiry: { month: 7, year: 2027 },
    });
    expect(checkProfileExpiry('7/2027', NOW)).toMatchObject({ ok: true });
    expect(checkProfileExpiry('07/27', NOW)).toMatchObject({
      ok: false,
      message: PROFILE_EXPIRY_MESSAGES.format,
    });
    expect(checkProfileExpiry('07-2027', NOW)).toMatchObject({ ok: false, code: 'EXPIRY_FORMAT' });
  });

  it('years run from this year to this year plus 15, the message shows the span', () => {
    expect(checkProfileExpiry('12/2041', NOW)).toMatchObject({ ok: true });
    expect(checkProfileExpiry('01/2042', NOW)).toEqual({
      ok: false,
      code: 'EXPIRY_RANGE',
      message: 'The year must be between 2026 and 2041.',
    });
    expect(checkProfileExpiry('12/2025', NOW)).toMatchObject({ code: 'EXPIRY_RANGE' });
  });

  it('this year the month must come after the current one; months are 1 to 12', () => {
    expect(checkProfileExpiry('06/2026', NOW)).toMatchObject({ code: 'EXPIRY_MONTH' });
    expect(checkProfileExpiry('07/2026', NOW)).toMatchObject({ ok: true });
    expect(checkProfileExpiry('01/2027', NOW)).toMatchObject({ ok: true });
    expect(checkProfileExpiry('13/2027', NOW)).toMatchObject({ code: 'EXPIRY_MONTH' });
    expect(checkProfileExpiry('0/2027', NOW)).toMatchObject({ code: 'EXPIRY_MONTH' });
  });

  it('the stored date typed again is no change, even when it would not pass', () => {
    expect(checkProfileExpiry('05 / 2026', NOW, { month: 5, year: 2026 })).toMatchObject({
      ok: true,
      unchanged: true,
    });
    expect(checkProfileExpiry('08/2030', NOW, { month: 5, year: 2026 })).toMatchObject({
      ok: true,
      unchanged: false,
    });
  });
});

describe('isExpired', () => {
  it('a card is good through its expiry month', () => {
    expect(isExpired({ month: 6, year: 2026 }, NOW)).toBe(false);
    expect(isExpired({ month: 5, year: 2026 }, NOW)).toBe(true);
    expect(isExpired({ month: 12, year: 2025 }, NOW)).toBe(true);
  });
});
