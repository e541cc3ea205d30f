import { CARD_EXPIRY_MAX_YEARS, checkProfileExpiry, type TExpiry } from '@settle/shared/rules/profile-expiry';
import type { TFunction } from 'i18next';

/** The live check of the expiry editor: the shared rule, its message in the user's language (null when fine). */
export function expiryError(t: TFunction, input: string, now: Date, current: TExpiry | null): string | null {
  const check = checkProfileExpiry(input, now, current);
  if (check.ok) return null;
  if (check.code === 'EXPIRY_RANGE') {
    const from = now.getUTCFullYear();
    return t('paymentProfiles:expiry.range', { from, to: from + CARD_EXPIRY_MAX_YEARS });
  }
  return t(check.code === 'EXPIRY_FORMAT' ? 'paymentProfiles:expiry.format' : 'paymentProfiles:expiry.month');
}

/** "MM / YYYY" as the list shows it back to the stored month and year. */
export function currentExpiry(expirationDateStr: string | null): TExpiry | null {
  const match = expirationDateStr ? /^(\d{2}) \/ (\d{4})$/.exec(expirationDateStr) : null;
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}
