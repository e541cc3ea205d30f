import { addDays, calendarDateInZone, utcMidnight } from '../calendar-date';
import type { TPaymentLogDateRange } from '../payment-logs';

/** The ranges' edges in days before today: 30 days is today and the 30 days before it. */
export const RECENT_DAYS = 30;
export const OLDER_DAYS = 60;

/**
 * The instants a date range keeps, as a half-open interval [from, to): by calendar day in UTC,
 * so that a payment's range does not change with the hour it is looked at. LAST_30 is 0 to 30
 * days old, DAYS_31_60 31 to 60, OVER_60 more than 60; the three together are ALL, with no gap
 * and no overlap.
 */
export function paymentLogDateBounds(range: TPaymentLogDateRange, now: Date): { from?: Date; to?: Date } {
  const today = calendarDateInZone(now, 'UTC');
  const recentStart = utcMidnight(addDays(today, -RECENT_DAYS));
  const olderStart = utcMidnight(addDays(today, -OLDER_DAYS));
  switch (range) {
    case 'LAST_30':
      return { from: recentStart };
    case 'DAYS_31_60':
      return { from: olderStart, to: recentStart };
    case 'OVER_60':
      return { to: olderStart };
    default:
      return {};
  }
}
