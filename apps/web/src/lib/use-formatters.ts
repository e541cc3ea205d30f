import { formatC2, formatDate, formatN0, formatN2, formatQuantity, safeLocale } from '@settle/shared/format';
import { FALLBACK_CURRENCY } from '@settle/shared/rules/accounts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from './use-user-data';

export interface Formatters {
  n0: (value: number | string) => string;
  n2: (value: number | string) => string;
  /** A quantity: its own decimals, no trailing zeros (as the invoice PDF). */
  qty: (value: number | string) => string;
  /** Currency with 2 decimals; the symbol is the one of the user's currencyMap. */
  c2: (value: number | string, currencyCode?: string) => string;
  date: (isoDate: string) => string;
  /** A moment (ISO timestamp) in the user's locale and time zone. */
  dateTime: (isoTimestamp: string) => string;
}

/** The spec's display formats, by the user's formatting locale (the UI language before sign-in). */
export function useFormatters(): Formatters {
  const userData = useUserData();
  const { i18n } = useTranslation();
  const locale = userData?.localeForFormatting || i18n.language;
  const defaultCurrency = userData?.currencyCode || FALLBACK_CURRENCY;
  const currencyMap = userData?.currencyMap;
  const timeZone = userData?.timezone;

  return useMemo(
    () => ({
      n0: (value) => formatN0(value, locale),
      n2: (value) => formatN2(value, locale),
      qty: (value) => formatQuantity(value, locale),
      c2: (value, currencyCode = defaultCurrency) =>
        formatC2(value, { locale, currencyCode, symbol: currencyMap?.[currencyCode] }),
      date: (isoDate) => formatDate(isoDate, locale),
      dateTime: (isoTimestamp) => formatDateTime(isoTimestamp, locale, timeZone),
    }),
    [locale, defaultCurrency, currencyMap, timeZone],
  );
}

/** An unknown time zone (a typo in a profile) falls back to the browser's rather than failing the page. */
function formatDateTime(isoTimestamp: string, locale: string, timeZone: string | undefined): string {
  const moment = new Date(isoTimestamp);
  if (Number.isNaN(moment.getTime())) return isoTimestamp;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(safeLocale(locale), { ...options, timeZone }).format(moment);
  } catch {
    return new Intl.DateTimeFormat(safeLocale(locale), options).format(moment);
  }
}
