import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarDate,
  calendarDateInZone,
  compareCalendarDates,
  daysBetween,
  daysInMonth,
  formatCalendarDate,
  fromEpochDay,
  isCalendarDate,
  isLeapYear,
  parseCalendarDate,
  toEpochDay,
  utcMidnight,
} from './calendar-date';

const FIRST_DAY = toEpochDay('0001-01-01');
const LAST_DAY = toEpochDay('9999-12-31');

const epochDay = fc.integer({ min: FIRST_DAY, max: LAST_DAY });
const calendarDate: fc.Arbitrary<CalendarDate> = epochDay.map(fromEpochDay);
/** Dates and a shift that keeps them within years 0001-9999. */
const dateAndShift = fc
  .tuple(epochDay, epochDay)
  .map(([from, to]) => ({ date: fromEpochDay(from), days: to - from }));

/** Walks one day at a time with the month lengths: an oracle that shares no arithmetic with addDays. */
function stepDays(date: CalendarDate, days: number): CalendarDate {
  let { year, month, day } = parseCalendarDate(date) ?? { year: 0, month: 0, day: 0 };
  for (let i = 0; i < Math.abs(days); i++) {
    if (days > 0) {
      day += 1;
      if (day > daysInMonth(year, month)) [day, month] = [1, month + 1];
      if (month > 12) [month, year] = [1, year + 1];
    } else {
      day -= 1;
      if (day < 1) {
        month -= 1;
        if (month < 1) [month, year] = [12, year - 1];
        day = daysInMonth(year, month);
      }
    }
  }
  return formatCalendarDate({ year, month, day });
}

describe('reading and writing calendar dates', () => {
  it('accepts exact yyyy-mm-dd texts that name a day', () => {
    for (const good of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(good), good).toBe(true);
    }
    expect(parseCalendarDate('0050-03-07')).toEqual({ year: 50, month: 3, day: 7 });
  });

  it('refuses impossible days, other shapes and other types', () => {
    for (const bad of [
      '2026-02-29',
      '1900-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-1-31',
      '26-01-31',
      ' 2026-01-31',
      '2026-01-31T00:00:00Z',
      '',
      undefined,
      null,
      20260131,
    ]) {
      expect(isCalendarDate(bad), String(bad)).toBe(false);
    }
  });

  it('knows the Gregorian leap years', () => {
    expect([1900, 2000, 2024, 2026].map(isLeapYear)).toEqual([false, true, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('pads years, months and days, and refuses parts that name no day', () => {
    expect(formatCalendarDate({ year: 50, month: 3, day: 7 })).toBe('0050-03-07');
    expect(() => formatCalendarDate({ year: 2026, month: 2, day: 29 })).toThrow(RangeError);
    expect(() => formatCalendarDate({ year: 10_000, month: 1, day: 1 })).toThrow(RangeError);
  });

  it('reads back every date it writes', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const parts = parseCalendarDate(date);
        expect(parts).toBeDefined();
        expect(formatCalendarDate(parts as NonNullable<typeof parts>)).toBe(date);
      }),
    );
  });
});

describe('day arithmetic', () => {
  it('counts epoch days from 1970-01-01', () => {
    expect(toEpochDay('1970-01-01')).toBe(0);
    expect(toEpochDay('1970-01-02')).toBe(1);
    expect(toEpochDay('1969-12-31')).toBe(-1);
    expect(toEpochDay('2026-01-31')).toBe(20_484);
    expect(fromEpochDay(20_484)).toBe('2026-01-31');
    expect(() => toEpochDay('2026-02-30')).toThrow(RangeError);
    expect(() => fromEpochDay(1.5)).toThrow(RangeError);
  });

  it('adds days across months, leap years and small years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('0050-01-01', -1)).toBe('0049-12-31');
    expect(addDays('2026-01-31', 0)).toBe('2026-01-31');
    expect(addDays('2026-01-31', 365)).toBe('2027-01-31');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });

  it('agrees with walking day by day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: toEpochDay('0004-01-01'), max: toEpochDay('9997-01-01') }),
        fc.integer({ min: -800, max: 800 }),
        (day, days) => {
          const date = fromEpochDay(day);
          expect(addDays(date, days)).toBe(stepDays(date, days));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('round-trips epoch days and shifts them exactly', () => {
    fc.assert(
      fc.property(dateAndShift, ({ date, days }) => {
        expect(fromEpochDay(toEpochDay(date))).toBe(date);
        const moved = addDays(date, days);
        expect(daysBetween(date, moved)).toBe(days);
        expect(addDays(moved, -days)).toBe(date);
      }),
    );
  });

  it('composes shifts: moving by a then b is moving by a + b', () => {
    fc.assert(
      fc.property(
        calendarDate,
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: -400, max: 400 }),
        (date, a, b) => {
          fc.pre(toEpochDay(date) + Math.min(a, 0) + Math.min(b, 0) >= FIRST_DAY);
          fc.pre(toEpochDay(date) + Math.max(a, 0) + Math.max(b, 0) <= LAST_DAY);
          expect(addDays(addDays(date, a), b)).toBe(addDays(date, a + b));
        },
      ),
    );
  });

  it('orders dates as their texts sort', () => {
    expect(compareCalendarDates('2026-01-31', '2026-02-01')).toBe(-1);
    expect(compareCalendarDates('2026-02-01', '2026-01-31')).toBe(1);
    expect(compareCalendarDates('2026-01-31', '2026-01-31')).toBe(0);
    fc.assert(
      fc.property(calendarDate, calendarDate, (a, b) => {
        const byText = a < b ? -1 : a > b ? 1 : 0;
        expect(compareCalendarDates(a, b)).toBe(byText);
        expect(Math.sign(daysBetween(b, a))).toBe(byText);
      }),
    );
  });

  it('gives midnight UTC of the day, whatever the year', () => {
    expect(utcMidnight('2026-01-31').toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(utcMidnight('0050-03-07').toISOString()).toBe('0050-03-07T00:00:00.000Z');
    fc.assert(
      fc.property(calendarDate, (date) => {
        expect(utcMidnight(date).toISOString().slice(0, 10)).toBe(date);
      }),
    );
  });
});

describe('the calendar day of an instant in a time zone', () => {
  const instant = fc.date({
    min: new Date('1900-01-02T00:00:00Z'),
    max: new Date('2999-12-30T00:00:00Z'),
    noInvalidDate: true,
  });
  const utcDay = (at: Date) => fromEpochDay(Math.floor(at.getTime() / 86_400_000));

  it('takes the day of the zone, not of the server', () => {
    const at = new Date('2026-01-31T23:30:00Z');
    expect(calendarDateInZone(at, 'UTC')).toBe('2026-01-31');
    expect(calendarDateInZone(at, 'Europe/Paris')).toBe('2026-02-01');
    expect(calendarDateInZone(new Date('2026-02-01T04:00:00Z'), 'America/New_York')).toBe('2026-01-31');
    expect(calendarDateInZone(new Date('2026-12-31T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01');
  });

  it('counts an unknown zone as UTC', () => {
    const at = new Date('2026-01-31T23:30:00Z');
    for (const zone of ['Mars/Olympus_Mons', '', 'not a zone']) {
      expect(calendarDateInZone(at, zone), zone).toBe('2026-01-31');
    }
  });

  it('is the UTC day in UTC, and the shifted UTC day in a fixed-offset zone', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -12, max: 14 }), (at, hours) => {
        expect(calendarDateInZone(at, 'UTC')).toBe(utcDay(at));
        // Etc/GMT signs are inverted: Etc/GMT-14 is fourteen hours ahead of UTC.
        const zone = hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
        expect(calendarDateInZone(at, zone)).toBe(utcDay(new Date(at.getTime() + hours * 3_600_000)));
      }),
      { numRuns: 200 },
    );
  });

  it('is never more than a day away from the UTC day', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...Intl.supportedValuesOf('timeZone')), (at, zone) => {
        expect(Math.abs(daysBetween(utcDay(at), calendarDateInZone(at, zone)))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
