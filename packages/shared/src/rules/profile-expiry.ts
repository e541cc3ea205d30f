/** The saved card expiry rules of the specification (section 5, "Payment profile expiry"). */

/** Cards are accepted up to this many years ahead (section 9). */
export const CARD_EXPIRY_MAX_YEARS = 15;

export const PROFILE_EXPIRY_MESSAGES = {
  format: 'The expiration date must be MM/YYYY.',
  range: 'The year must be between {0} and {1}.',
  month: 'The month must be 1 to 12 and later than the current month of this year.',
} as const;

export type TExpiry = { month: number; year: number };

export type TExpiryCheck =
  | { ok: true; unchanged: boolean; expiry: TExpiry }
  | { ok: false; code: 'EXPIRY_FORMAT' | 'EXPIRY_RANGE' | 'EXPIRY_MONTH'; message: string };

// Spaces are allowed around the slash only, as the specification says.
const EXPIRY_PATTERN = /^(\d{1,2}) *\/ *(\d{4})$/;

export function parseExpiry(input: string): TExpiry | null {
  const match = EXPIRY_PATTERN.exec(input.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}

/** MM / YYYY, the way the profile lists show an expiry. */
export function formatExpiry(expiry: TExpiry): string {
  return `${String(expiry.month).padStart(2, '0')} / ${expiry.year}`;
}

/** A card can be used through the last day of its expiry month (in UTC). */
export function isExpired(expiry: TExpiry, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

/**
 * Checks a new expiry typed by the user against the current one. The year runs from this year to this
 * year plus 15; this year, the month must come after the current one; the same date is no change.
 */
export function checkProfileExpiry(input: string, now: Date, current?: TExpiry | null): TExpiryCheck {
  const expiry = parseExpiry(input);
  if (!expiry) return { ok: false, code: 'EXPIRY_FORMAT', message: PROFILE_EXPIRY_MESSAGES.format };
  if (current && current.month === expiry.month && current.year === expiry.year)
    return { ok: true, unchanged: true, expiry };
  const thisYear = now.getUTCFullYear();
  const lastYear = thisYear + CARD_EXPIRY_MAX_YEARS;
  if (expiry.year < thisYear || expiry.year > lastYear)
    return {
      ok: false,
      code: 'EXPIRY_RANGE',
      message: PROFILE_EXPIRY_MESSAGES.range
        .replace('{0}', String(thisYear))
        .replace('{1}', String(lastYear)),
    };
  if (
    expiry.month < 1 ||
    expiry.month > 12 ||
    (expiry.year === thisYear && expiry.month <= now.getUTCMonth() + 1)
  )
    return { ok: false, code: 'EXPIRY_MONTH', message: PROFILE_EXPIRY_MESSAGES.month };
  return { ok: true, unchanged: false, expiry };
}
