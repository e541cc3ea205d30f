import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay, toEpochDay } from './calendar-date';
import { checkFollowupDate } from './promises';

const today = '2026-01-31';

describe('checkFollowupDate', () => {
  it('accepts today up to maxDays ahead, and refuses the day after', () => {
    expect(checkFollowupDate(today, { today, maxDays: 90 })).toBe('ok');
    expect(checkFollowupDate('2026-05-01', { today, maxDays: 90 })).toBe('ok');
    expect(checkFollowupDate('2026-05-02', { today, maxDays: 90 })).toBe('tooFar');
  });

  it('refuses a past day, a day that does not exist and any other text', () => {
    for (const date of ['2026-01-30', '2026-02-30', '2026-2-3', '02/03/2026', '', '2026-02-03T00:00:00Z']) {
      expect(checkFollowupDate(date, { today, maxDays: 90 }), date).toBe('invalid');
    }
  });

  it('refuses everything when today itself is not a date', () => {
    expect(checkFollowupDate('2026-02-03', { today: '', maxDays: 90 })).toBe('invalid');
  });

  it('answers by the number of days ahead, whatever today is', () => {
    const dates = fc
      .integer({ min: toEpochDay('1970-01-01'), max: toEpochDay('2999-01-01') })
      .map(fromEpochDay);
    fc.assert(
      fc.property(
        dates,
        fc.integer({ min: -400, max: 400 }),
        fc.integer({ min: 0, max: 365 }),
        (now, ahead, max) => {
          const expected = ahead < 0 ? 'invalid' : ahead > max ? 'tooFar' : 'ok';
          expect(checkFollowupDate(addDays(now, ahead), { today: now, maxDays: max })).toBe(expected);
        },
      ),
    );
  });
});
