import { describe, expect, it } from 'vitest';
import { PAYMENT_LOG_DATE_RANGES } from '../payment-logs';
import { paymentLogDateBounds } from './payment-log-dates';

const now = new Date('2026-03-01T23:30:00Z');
const inRange = (range: (typeof PAYMENT_LOG_DATE_RANGES)[number], at: string) => {
  const { from, to } = paymentLogDateBounds(range, now);
  const moment = new Date(at).getTime();
  return (from === undefined || moment >= from.getTime()) && (to === undefined || moment < to.getTime());
};

describe('payment log date ranges', () => {
  it('cuts at calendar days in UTC: day 30 is recent, day 31 is 31 to 60, day 61 is over 60', () => {
    // 2026-03-01 minus 30 days is 2026-01-30 (January has 31 days, February 28).
    expect(inRange('LAST_30', '2026-01-30T00:00:00Z')).toBe(true);
    expect(inRange('LAST_30', '2026-01-29T23:59:59Z')).toBe(false);
    expect(inRange('DAYS_31_60', '2026-01-29T23:59:59Z')).toBe(true);
    expect(inRange('DAYS_31_60', '2025-12-31T00:00:00Z')).toBe(true);
    expect(inRange('DAYS_31_60', '2025-12-30T23:59:59Z')).toBe(false);
    expect(inRange('OVER_60', '2025-12-30T23:59:59Z')).toBe(true);
    expect(inRange('OVER_60', '2025-12-31T00:00:00Z')).toBe(false);
  });

  it('puts every moment in exactly one of the three ranges, and ALL keeps all of them', () => {
    for (let hours = -24; hours < 24 * 90; hours += 7) {
      const at = new Date(now.getTime() - hours * 3_600_000).toISOString();
      const ranges = PAYMENT_LOG_DATE_RANGES.filter((range) => range !== 'ALL' && inRange(range, at));
      expect(ranges, at).toHaveLength(1);
      expect(inRange('ALL', at)).toBe(true);
    }
  });
});
